// De Bello Punico on a hex map: terrain, both map edges, counters with a symbol per unit type,
// facing, Disorder and Panic; the Command boxes, the tracks and a legend beside it. Drawn from
// the seat's observation and the game's data files (GET /api/data/de_bello_punico), so a
// corrected scenario or unit table corrects the page. What the server lists as legal lights
// up where it acts: a unit to pick, a hex to step to, an arrow to face, a box to place in; the
// rest of the prompt (yes, no, done) is a row of buttons above the map.
"use strict";

(() => {
  const { el } = Carthago;
  const GAME = "de_bello_punico";
  const TIP = "dbp-tip";
  const SIDES = ["Rome", "Carthage"];
  const COLOURS = ["#b0302a", "#2a5fa8"];
  const DIRECTIONS = ["N", "NE", "SE", "S", "SW", "NW"];
  // Axial steps of flat-topped hexes in odd-q columns, in the order of DIRECTIONS (hexgrid.py).
  const AXIAL_STEPS = [[0, -1], [1, -1], [1, 0], [0, 1], [-1, 1], [-1, 0]];
  const TERRAIN = { ".": "open", "^": "hill", "%": "rocky", '"': "bushes", "~": "river" };
  const R = 24;
  const SQRT3 = Math.sqrt(3);
  const BAND = 20;
  const COUNTER = 30;
  // The mark each unit type adds to its arm's symbol (infantry cross, cavalry bar, elephant).
  const MARKS = {
    Ve: "light", Ha: "I", Pr: "II", Tr: "III", So: "ally", Ce: "shield", Ni: "light-wave",
    Sk: "light", Me: "coin", In: "", Vt: "star", Eq: "", Nu: "light", El: "",
  };
  let data = null;
  let zoom = 1;
  // What the other side did since this seat last handed over the move (per game).
  let watch = { game: null, mark: null, mineBefore: false };
  // A walk to a distant hex under way: the steps still to send, one per view.
  let walk = { game: null, move: -1, steps: [] };

  function svg(tag, attrs = {}, ...children) { return el(`svg:${tag}`, attrs, ...children); }
  function plural(count, word) { return `${count} ${word}${count === 1 ? "" : "s"}`; }

  const dataFiles = Carthago.printedComponents(GAME, (files) => { data = files; });

  // -- geometry ----------------------------------------------------------------------------

  function centre(column, row) {
    return { x: R + column * 1.5 * R, y: BAND + (SQRT3 / 2) * R * (1 + 2 * row + (column & 1)) };
  }

  function corners(x, y, radius) {
    return [0, 1, 2, 3, 4, 5].map((i) => {
      const a = (Math.PI / 3) * i;
      return `${(x + radius * Math.cos(a)).toFixed(1)},${(y + radius * Math.sin(a)).toFixed(1)}`;
    }).join(" ");
  }

  // The angle (degrees, clockwise from east) of a direction's hexside, N straight up.
  function angleOf(direction) { return -90 + 60 * direction; }

  function neighbour(o, hex, direction) {
    const [column, row] = hex;
    const q = column;
    const r = row - (column - (column & 1)) / 2;
    const nq = q + AXIAL_STEPS[direction][0];
    const nr = r + AXIAL_STEPS[direction][1];
    const nrow = nr + (nq - (nq & 1)) / 2;
    if (nq < 0 || nq >= o.width || nrow < 0 || nrow >= o.height) return null;
    return [nq, nrow];
  }

  function key(hex) { return `${hex[0]},${hex[1]}`; }

  // -- what each piece says about itself ---------------------------------------------------

  function unitType(code) { return data.units.types[code] || { name: code, kind: "infantry" }; }

  function unitTip(o, unit) {
    const t = unitType(unit.type);
    const lines = [`${unit.name}: ${SIDES[unit.side]} ${t.name}`,
      `Movement ${t.move} · Morale ${t.morale} · Combat ${t.combat} · Rout Points ${t.rout}`
        + (t.missile ? " · fires missiles" : "") + ` · rear attack +${t.rear}`];
    const state = [];
    if (unit.hex) state.push(`at ${key(unit.hex)} facing ${DIRECTIONS[unit.facing]}`);
    else state.push(unit.status);
    if (unit.disorder) state.push(`${plural(unit.disorder, "Disorder point")}`);
    if (unit.panic) state.push("in Panic");
    if (unit.finis) state.push("done for this impulse (finis)");
    lines.push(state.join(", "));
    const leader = o.leaders.find((l) => l.hex && unit.hex && key(l.hex) === key(unit.hex));
    if (leader) lines.push(`${leader.name} is with it.`);
    return lines.join("\n");
  }

  function terrainTip(o, hex) {
    const kind = TERRAIN[o.terrain[hex[1] * o.width + hex[0]]] || "open";
    const cost = scenarioData(o).terrain.costs[kind];
    const text = cost === "impassable" ? "impassable" : `${plural(cost, "movement point")} to enter`;
    let edge = "";
    if (hex[1] === 0) edge = `\n${SIDES[1]}'s map edge: Carthaginian units flee off here.`;
    if (hex[1] === o.height - 1) edge = `\n${SIDES[0]}'s map edge: Roman units flee off here.`;
    return `hex ${key(hex)}: ${kind}, ${text}${edge}`;
  }

  function scenarioData(o) { return data[o.scenario]; }

  // -- the legal actions, by where they act ------------------------------------------------

  // Notation: actions.py describe(); a unit or leader by name, a direction, a facing, a box.
  function classify(view, ctx) {
    const o = view.observation;
    const moves = ctx.live ? view.legal : [];
    const plan = { units: new Map(), hexes: new Map(), faces: [], boxes: new Map(), buttons: [] };
    const pending = o.pending || [];
    const named = [...o.units.map((u) => ({ name: u.name, onMap: Boolean(u.hex), key: `u${u.id}` })),
      ...o.leaders.map((l, side) => ({ name: l.name, onMap: Boolean(l.hex), key: `l${side}` }))];
    const anchor = directionAnchor(o);
    const faceAnchor = facingAnchor(o);
    const add = (map, k, entry) => { if (!map.has(k)) map.set(k, []); map.get(k).push(entry); };
    for (const entry of moves) {
      const text = entry.notation;
      let m;
      if ((m = /^(step|withdraw|enter|leader back) (N|NE|SE|S|SW|NW)$/.exec(text)) && anchor && m[1] !== "enter") {
        const target = neighbour(o, anchor, DIRECTIONS.indexOf(m[2]));
        if (target) { add(plan.hexes, key(target), entry); continue; }
      }
      if ((m = /^face (N|NE|SE|S|SW|NW)$/.exec(text)) && faceAnchor) {
        plan.faces.push({ ...entry, direction: DIRECTIONS.indexOf(m[1]), at: faceAnchor });
        continue;
      }
      if ((m = /^(command point|vacuus) to (\S+)$/.exec(text))) {
        add(plan.boxes, m[2], entry);
        continue;
      }
      if ((m = /^(ambush at|enter the reserve at) column (\d+)$/.exec(text))) {
        add(plan.hexes, key([Number(m[2]), o.height - 1]), entry);
        continue;
      }
      const piece = named.find((p) => p.onMap && Carthago.actionsNaming([entry], p.name).length);
      if (piece) { add(plan.units, piece.key, entry); continue; }
      plan.buttons.push(entry);
    }
    plan.pending = pending;
    plan.walks = new Map();
    for (const shortcut of ctx.live ? view.shortcuts || [] : []) {
      const at = key(shortcut.target);
      if (!plan.hexes.has(at) && shortcut.path.length > 1) plan.walks.set(at, shortcut.path);
    }
    return plan;
  }

  function pieceHex(o, index) {
    if (index < o.units.length) return o.units[index].hex;
    const leader = o.leaders[index - o.units.length];
    return leader ? leader.hex : null;
  }

  // The hex a step, a withdrawal or a leader's retreat is counted from.
  function directionAnchor(o) {
    const kind = (o.pending || [])[0];
    if (kind === "step" && o.moving) return pieceHex(o, o.moving.unit);
    if ((kind === "withdraw" || kind === "lwithdraw") && o.combat) return pieceHex(o, o.combat[1]);
    return null;
  }

  function facingAnchor(o) {
    const pending = o.pending || [];
    if (pending[0] === "step" && o.moving) return pieceHex(o, o.moving.unit);
    if ((pending[0] === "entry_face" || pending[0] === "advface") && typeof pending[2] === "number") {
      return pieceHex(o, pending[2]);
    }
    return null;
  }

  // -- what the other side did -------------------------------------------------------------

  function unitsChanged(before, now) {
    if (!before) return new Map();
    const changed = new Map();
    now.units.forEach((u, i) => {
      const b = before.units[i];
      if (!b) return;
      if (key(b.hex || [-1, -1]) !== key(u.hex || [-1, -1]) || b.facing !== u.facing || b.disorder !== u.disorder
        || b.panic !== u.panic || b.status !== u.status) changed.set(u.id, b);
    });
    return changed;
  }

  function follow(view) {
    const mine = view.viewer !== null && view.viewer === view.to_move;
    if (watch.game !== view.id || view.viewer === null) {
      watch = { game: view.id, mark: view.observation, mineBefore: mine };
      if (view.viewer === null) return { mark: null, mine };
    }
    if (!mine && watch.mineBefore) watch.mark = view.observation;
    watch.mineBefore = mine;
    return { mark: watch.mark, mine };
  }

  // -- the map -----------------------------------------------------------------------------

  function unitSymbol(code, kind) {
    const w = 18;
    const h = 11;
    const top = -13;
    const parts = [svg("rect", { x: -w / 2, y: top, width: w, height: h, class: "dbp-frame" })];
    if (kind === "infantry") {
      parts.push(svg("path", { d: `M${-w / 2},${top} L${w / 2},${top + h} M${w / 2},${top} L${-w / 2},${top + h}`, class: "dbp-sym" }));
    } else if (kind === "cavalry") {
      parts.push(svg("path", { d: `M${-w / 2},${top + h} L${w / 2},${top}`, class: "dbp-sym" }));
    } else if (kind === "elephant") {
      parts.push(svg("path", { d: `M-6,${top + 9} q0,-7 6,-7 q6,0 6,5 q0,4 -3,4 q-1,2 1,3 M-6,${top + 9} v2 M-2,${top + 9} v2`, class: "dbp-sym" }));
    }
    const mark = MARKS[code] || "";
    const below = top + h + 1.5;
    if (mark === "I" || mark === "II" || mark === "III") {
      const n = mark.length;
      for (let i = 0; i < n; i += 1) parts.push(svg("line", { x1: (i - (n - 1) / 2) * 3, y1: top - 4, x2: (i - (n - 1) / 2) * 3, y2: top - 1, class: "dbp-sym" }));
    } else if (mark.startsWith("light")) {
      parts.push(svg("circle", { cx: -3, cy: top - 2.5, r: 1.3, class: "dbp-dot" }), svg("circle", { cx: 3, cy: top - 2.5, r: 1.3, class: "dbp-dot" }));
      if (mark === "light-wave") parts.push(svg("path", { d: `M-6,${below + 1} q1.5,-2 3,0 t3,0 t3,0 t3,0`, class: "dbp-sym thin" }));
    } else if (mark === "ally") {
      parts.push(svg("path", { d: `M0,${top - 5} l3,2.5 l-3,2.5 l-3,-2.5 Z`, class: "dbp-dot" }));
    } else if (mark === "shield") {
      parts.push(svg("ellipse", { cx: 0, cy: top - 2.5, rx: 2, ry: 3, class: "dbp-sym thin" }));
    } else if (mark === "coin") {
      parts.push(svg("circle", { cx: 0, cy: top - 2.5, r: 2.5, class: "dbp-sym thin" }));
    } else if (mark === "star") {
      parts.push(svg("path", { d: `M0,${top - 6} l1.2,2.6 2.8,.3 -2.1,1.9 .6,2.8 -2.5,-1.4 -2.5,1.4 .6,-2.8 -2.1,-1.9 2.8,-.3 Z`, class: "dbp-dot" }));
    }
    return parts;
  }

  function counter(o, unit, plan, extra) {
    const { x, y } = centre(unit.hex[0], unit.hex[1]);
    const t = unitType(unit.type);
    const offers = plan.units.get(`u${unit.id}`) || [];
    const classes = ["dbp-unit", `side-${unit.side}`];
    if (offers.length) classes.push("clickable");
    if (unit.panic) classes.push("panic");
    if (extra.moving) classes.push("moving");
    if (extra.changed) classes.push("changed");
    if (extra.fighting) classes.push("fighting");
    // A hex to step or withdraw to is clicked through the counter standing on it.
    if (!offers.length && (plan.hexes.has(key(unit.hex)) || plan.walks.has(key(unit.hex)))) classes.push("pass-through");
    const short = unit.name.split(".").pop();
    const g = svg("g", {
      class: classes.join(" "), transform: `translate(${x.toFixed(1)},${y.toFixed(1)})`,
      "data-unit": unit.name, "data-hex": key(unit.hex), "data-offers": offers.length ? unit.name : null,
      "data-tip": unitTip(o, unit) + (offers.length ? `\nClick: ${offers.map((m) => m.notation).join(" / ")}` : ""),
    },
    svg("rect", { x: -COUNTER / 2, y: -COUNTER / 2, width: COUNTER, height: COUNTER, rx: 3, class: "dbp-counter", fill: COLOURS[unit.side] }),
    unitSymbol(unit.type, t.kind),
    svg("text", { x: 0, y: 13.5, class: "dbp-id", "text-anchor": "middle" }, short),
    svg("path", { d: "M-4,-19 L0,-25 L4,-19 Z", class: "dbp-facing", transform: `rotate(${60 * unit.facing})` }));
    if (unit.disorder) {
      g.append(svg("circle", { cx: 13, cy: -13, r: 6, class: "dbp-disorder" }),
        svg("text", { x: 13, y: -10.5, class: "dbp-badge-text", "text-anchor": "middle" }, String(unit.disorder)));
    }
    if (unit.panic) {
      g.append(svg("circle", { cx: -13, cy: -13, r: 6, class: "dbp-panic" }),
        svg("text", { x: -13, y: -10.5, class: "dbp-badge-text light", "text-anchor": "middle" }, "P"));
    }
    if (unit.finis) g.append(svg("text", { x: -13, y: 14, class: "dbp-finis", "text-anchor": "middle" }, "f"));
    g.addEventListener("click", (event) => { event.stopPropagation(); extra.offer(offers, event); });
    return g;
  }

  function leaderToken(o, leader, side, plan, stacked, extra) {
    const { x, y } = centre(leader.hex[0], leader.hex[1]);
    const offers = plan.units.get(`l${side}`) || [];
    // With a unit, the star sits on the counter's right edge, clear of its id, badges and mark.
    const dx = stacked ? COUNTER / 2 : 0;
    const dy = stacked ? -3 : 0;
    const g = svg("g", {
      class: `dbp-leader side-${side}` + (offers.length ? " clickable" : "") + (extra.moving ? " moving" : "")
        + (!offers.length && (plan.hexes.has(key(leader.hex)) || plan.walks.has(key(leader.hex))) ? " pass-through" : ""),
      transform: `translate(${(x + dx).toFixed(1)},${(y + dy).toFixed(1)})`, "data-leader": leader.name,
      "data-offers": offers.length ? leader.name : null,
      "data-tip": `${leader.name}, leader of ${SIDES[side]} (value ${scenarioData(o).leaders[SIDES[side]].value})`
        + `, at ${key(leader.hex)}${stacked ? ", with the unit there" : ""}`
        + (offers.length ? `\nClick: ${offers.map((m) => m.notation).join(" / ")}` : ""),
    },
    svg("circle", { r: stacked ? 6 : 12, class: "dbp-leader-disc", fill: COLOURS[side] }),
    svg("path", { d: "M0,-6 l1.8,3.8 4.1,.5 -3,2.8 .8,4.1 -3.7,-2 -3.7,2 .8,-4.1 -3,-2.8 4.1,-.5 Z", class: "dbp-star", transform: stacked ? "scale(.65)" : "" }),
    stacked ? null : svg("text", { x: 0, y: 11, class: "dbp-id", "text-anchor": "middle" }, leader.name.slice(0, 3)));
    g.addEventListener("click", (event) => { event.stopPropagation(); extra.offer(offers, event); });
    return g;
  }

  function mapSvg(view, plan, ctx, changes) {
    const o = view.observation;
    const width = R * 2 + (o.width - 1) * 1.5 * R;
    const height = BAND * 2 + SQRT3 * R * (o.height + 0.5);
    const map = svg("svg", {
      viewBox: `0 0 ${width.toFixed(0)} ${height.toFixed(0)}`, id: "dbp-map", role: "img",
      "aria-label": `${o.title}: the battlefield`, style: `width:${(zoom * 100).toFixed(2)}%`,
    });
    map.append(svg("rect", { x: 0, y: 0, width, height: BAND - 2, class: "dbp-edge side-1", "data-tip": `${SIDES[1]}'s map edge (row 0): Carthaginian units flee off the map here; the enemy's leaving here is a breakthrough.` }),
      svg("text", { x: width / 2, y: BAND - 7, class: "dbp-edge-text", "text-anchor": "middle" }, `▲ ${SIDES[1]}'s map edge`),
      svg("rect", { x: 0, y: height - BAND + 2, width, height: BAND - 2, class: "dbp-edge side-0", "data-tip": `${SIDES[0]}'s map edge (row ${o.height - 1}): Roman units flee off the map here.` }),
      svg("text", { x: width / 2, y: height - 6, class: "dbp-edge-text", "text-anchor": "middle" }, `▼ ${SIDES[0]}'s map edge`));
    const hexes = svg("g", { class: "dbp-hexes" });
    for (let row = 0; row < o.height; row += 1) {
      for (let column = 0; column < o.width; column += 1) {
        const hex = [column, row];
        const { x, y } = centre(column, row);
        const kind = TERRAIN[o.terrain[row * o.width + column]] || "open";
        const offers = plan.hexes.get(key(hex)) || [];
        const path = plan.walks.get(key(hex));
        let tip = terrainTip(o, hex);
        if (offers.length) tip += `\nClick: ${offers.map((m) => m.notation).join(" / ")}`;
        if (path) tip += `\nClick to go there: ${path.join(", ")}`;
        const g = svg("g", {
          class: `dbp-hex ${kind}` + (offers.length ? " clickable" : "") + (path ? " walk" : ""), "data-hex": key(hex),
          "data-offers": offers.length ? key(hex) : null, "data-tip": tip,
          onclick: (event) => (path ? startWalk(view, path, ctx) : ctx.offer(offers, event)),
        }, svg("polygon", { points: corners(x, y, R), class: "dbp-cell" }));
        if (kind === "hill") g.append(svg("path", { d: `M${x - 10},${y + 6} Q${x},${y - 10} ${x + 10},${y + 6}`, class: "dbp-hill-mark" }));
        if (kind === "rocky") g.append(svg("path", { d: `M${x - 9},${y + 5} l4,-6 3,3 3,-6 4,9`, class: "dbp-rock-mark" }));
        if (kind === "bushes") g.append(svg("circle", { cx: x - 6, cy: y + 2, r: 3.5, class: "dbp-bush-mark" }), svg("circle", { cx: x + 5, cy: y - 3, r: 3.5, class: "dbp-bush-mark" }));
        if (kind === "river") g.append(svg("path", { d: `M${x - 12},${y} q3,-4 6,0 t6,0 t6,0 t6,0`, class: "dbp-river-mark" }));
        if (column === 0 || row === 0) {
          g.append(svg("text", { x, y: y + R * 0.78, class: "dbp-coord", "text-anchor": "middle" }, key(hex)));
        }
        hexes.append(g);
      }
    }
    map.append(hexes);
    // The other side's moves since you last moved: a dashed line from where each unit was.
    const trails = svg("g", { class: "dbp-trails" });
    for (const [id, before] of changes) {
      const now = o.units[id];
      if (before.hex && now.hex && key(before.hex) !== key(now.hex)) {
        const a = centre(before.hex[0], before.hex[1]);
        const b = centre(now.hex[0], now.hex[1]);
        trails.append(svg("circle", { cx: a.x, cy: a.y, r: 6, class: "dbp-trail-start" }),
          svg("line", { x1: a.x, y1: a.y, x2: b.x, y2: b.y, class: "dbp-trail" }));
      }
    }
    map.append(trails);
    const pieces = svg("g", { class: "dbp-pieces" });
    const moving = o.moving ? o.moving.unit : -1;
    const fighting = o.combat ? [o.combat[0], o.combat[1]] : [];
    const offer = (offers, event) => ctx.offer(offers, event);
    for (const unit of o.units) {
      if (!unit.hex) continue;
      pieces.append(counter(o, unit, plan, {
        moving: unit.id === moving, changed: changes.has(unit.id), fighting: fighting.includes(unit.id), offer,
      }));
    }
    o.leaders.forEach((leader, side) => {
      if (!leader.hex) return;
      const stacked = o.units.some((u) => u.hex && key(u.hex) === key(leader.hex));
      pieces.append(leaderToken(o, leader, side, plan, stacked, { moving: moving === o.units.length + side, offer }));
    });
    map.append(pieces);
    const arrows = svg("g", { class: "dbp-face-choices" });
    for (const face of plan.faces) {
      const { x, y } = centre(face.at[0], face.at[1]);
      const g = svg("g", {
        class: "dbp-face-choice clickable", "data-face": DIRECTIONS[face.direction],
        transform: `translate(${x.toFixed(1)},${y.toFixed(1)}) rotate(${60 * face.direction})`,
        "data-tip": `${face.notation}: turn to face the ${DIRECTIONS[face.direction]} hexside`,
      }, svg("path", { d: "M-7,-24 L0,-36 L7,-24 Z", class: "dbp-face-arrow" }));
      g.addEventListener("click", (event) => { event.stopPropagation(); ctx.offer([face], event); });
      arrows.append(g);
    }
    map.append(arrows);
    return map;
  }

  // -- beside the map ----------------------------------------------------------------------

  function tracks(o) {
    const turns = el("div", { class: "dbp-track", id: "dbp-turns" },
      Array.from({ length: o.turns }, (_, i) => el("span", {
        class: "dbp-cell-mark" + (i + 1 === o.turn ? " now" : i + 1 < o.turn ? " past" : ""),
        "data-tip": `Turn ${i + 1} of ${o.turns}`,
      }, String(i + 1))));
    const impulse = /^impulse (\d+): (\S+) (.+)$/.exec(o.phase);
    const impulses = el("div", { class: "dbp-track", id: "dbp-impulses" },
      Array.from({ length: 8 }, (_, i) => el("span", {
        class: "dbp-cell-mark" + (impulse && Number(impulse[1]) === i + 1 ? " now" : ""),
        "data-tip": impulse && Number(impulse[1]) === i + 1 ? o.phase : `Impulse ${i + 1} of 8`,
      }, String(i + 1))));
    const rout = (side) => {
      const have = o.rout[side];
      const limit = o.rout_limits[side];
      return el("div", {
        class: "dbp-rout", "data-side": side,
        "data-tip": `${SIDES[side]} has lost ${plural(have, "Rout Point")}; at ${limit} its army routs and the battle is lost.`,
      }, el("span", { class: "dbp-rout-name", style: `color:${COLOURS[side]}`, text: SIDES[side] }),
      el("span", { class: "dbp-rout-bar" }, el("span", { class: "dbp-rout-fill", style: `width:${Math.min(100, (100 * have) / limit)}%;background:${COLOURS[side]}` })),
      el("span", { class: "dbp-rout-count", text: `${have}/${limit}` }));
    };
    return el("section", { class: "panel dbp-tracks", id: "dbp-tracks" },
      el("div", {}, el("strong", { text: "Turn " }), turns),
      el("div", {}, el("strong", { text: "Impulse " }), impulses,
        el("div", { class: "dbp-phase", id: "dbp-phase", text: o.phase })),
      el("div", { "data-tip": "The initiative winner chooses who is First player: the First player moves first, fights first and recovers first this turn." },
        el("strong", { text: "First player: " }),
        o.first_player === null || o.first_player === undefined || o.first_player < 0 ? "not yet chosen"
          : el("span", { style: `color:${COLOURS[o.first_player]}`, text: SIDES[o.first_player] })),
      el("div", { class: "dbp-routs" }, el("strong", { text: "Rout Points" }), rout(0), rout(1)));
  }

  function commandBoxes(view, plan, ctx) {
    const o = view.observation;
    const side = (s) => {
      const b = o.boxes[s];
      const own = view.viewer === s;
      const vacuus = b.vacuus;
      return el("div", { class: `dbp-boxes side-${s}`, "data-side": s },
        el("div", { class: "dbp-boxes-head" },
          el("strong", { style: `color:${COLOURS[s]}`, text: SIDES[s] + (own ? " (you)" : "") }),
          el("span", { class: "muted", text: ` ${plural(b.in_hand, "counter")} in hand` + (own && b.vacuus_in_hand ? " (the Vacuus among them)" : "") }),
          vacuus === "hidden" ? el("span", { class: "muted", text: " · Vacuus hidden" }) : null),
        el("div", { class: "dbp-box-row" }, b.names.map((name, i) => {
          const offers = own ? plan.boxes.get(name) || [] : [];
          const counters = b.counters[i];
          const marks = [];
          for (let n = 0; n < counters; n += 1) {
            const isVacuus = vacuus === i && n === counters - 1;
            const spent = n < b.spent[i];
            marks.push(el("span", { class: "dbp-cp" + (spent ? " spent" : "") + (isVacuus ? " vacuus" : "") }, isVacuus ? "V" : ""));
          }
          return el("div", {
            class: "dbp-box" + (offers.length ? " clickable" : ""), "data-box": name, "data-side": s,
            "data-offers": offers.length ? name : null,
            "data-tip": `${SIDES[s]}'s ${name} box: ${plural(counters, "counter")} placed face down, ${b.spent[i]} spent.`
              + (vacuus === i ? " One is the Vacuus (no effect)." : "")
              + (offers.length ? `\nClick: ${offers.map((m) => m.notation).join(" / ")}` : ""),
            onclick: (event) => ctx.offer(offers, event),
          }, el("div", { class: "dbp-box-name", text: name }), el("div", { class: "dbp-box-counters" }, marks));
        })));
    };
    const me = view.viewer === null ? 0 : view.viewer;
    return el("section", { class: "panel dbp-command", id: "dbp-command" },
      el("h3", { text: "Command boxes" }), side(1 - me), side(me));
  }

  function legend(o) {
    const codes = [...new Set(o.units.map((u) => u.type))];
    const sample = (side, code) => svg("svg", { viewBox: "-16 -16 32 32", class: "dbp-key-svg" },
      svg("g", { class: `dbp-unit side-${side}` },
        svg("rect", { x: -15, y: -15, width: 30, height: 30, rx: 3, class: "dbp-counter", fill: COLOURS[side] }),
        unitSymbol(code, unitType(code).kind), svg("text", { x: 0, y: 12.5, class: "dbp-id", "text-anchor": "middle" }, code)));
    const kinds = codes.map((code) => {
      const t = unitType(code);
      const sides = [0, 1].filter((side) => o.units.some((u) => u.type === code && u.side === side));
      return el("span", { class: "dbp-key", "data-type": code, "data-tip": `${t.name}: Movement ${t.move}, Morale ${t.morale}, Combat ${t.combat}, Rout Points ${t.rout}` },
        sides.map((side) => sample(side, code)), ` ${t.name}`);
    });
    const costs = scenarioData(o).terrain.costs;
    const swatch = (kind) => el("span", { class: "dbp-key" },
      svg("svg", { viewBox: "-13 -12 26 24", class: "dbp-key-svg" }, svg("g", { class: `dbp-hex ${kind}` }, svg("polygon", { points: corners(0, 0, 12), class: "dbp-cell" }))),
      ` ${kind} (${costs[kind] === "impassable" ? "impassable" : plural(costs[kind], "MP")})`);
    return el("details", { class: "panel dbp-legend", id: "dbp-legend", open: true },
      el("summary", { text: "Legend" }),
      el("div", { class: "dbp-keys" }, kinds),
      el("div", { class: "dbp-keys" }, Object.keys(costs).map(swatch)),
      el("p", { class: "dbp-key-notes" },
        "Red: Rome, blue: Carthage. The notch on a counter's edge is its facing; the label is the unit id the moves use. ",
        el("span", { class: "dbp-swatch disorder", text: "2" }), " Disorder points, ",
        el("span", { class: "dbp-swatch panic", text: "P" }), " Panic, ",
        el("span", { class: "dbp-swatch leader", text: "★" }), " a leader, f: finished moving. ",
        el("span", { class: "dbp-swatch lit" }), " you can click it now, ",
        el("span", { class: "dbp-swatch moved" }), " what the other side just did (dashed: where it came from). ",
        "Hover any hex or counter for its values; drag or scroll the map to pan."));
  }

  // -- the prompt above the map ------------------------------------------------------------

  const ASKS = {
    setup: "Set-up: click the unit your leader joins.",
    reserve: "Trebbia: hold a Numidian unit back to enter later by Rome's map edge (with the ambush option: click the edge hex where it waits), or keep no reserve.",
    place: "Strategic phase: click one of your Command boxes to place a Command Point (or your Vacuus) face down.",
    order: "You won the initiative: go first or second this turn?",
    fortuna: "Fortuna: spend a Command Point to roll that die again?",
    eltable: "Elephants box: click an enemy elephant to scare it, or done.",
    move: "Movement impulse: click one of your units (green) to move it, or done.",
    step: "Click a green hex to go there (pale green: several steps), an orange arrow to turn, or stop.",
    boost: "Movement Command Point: click the unit that gets one more movement point.",
    reenter: "A pursuing unit returns: choose where it enters.",
    entry_face: "Click an orange arrow: the facing of the unit entering.",
    volley: "Missile volley: click a unit (green) to fire with, or done.",
    vtarget: "Click the enemy unit to fire at.",
    attack: "Combat impulse: click a unit (green) to attack with, or done.",
    atarget: "Click the enemy unit in front to attack.",
    withdraw: "Your unit is attacked: click a green hex to withdraw before combat, or stand (done).",
    lwithdraw: "Your leader may step back out of the fight: click a green hex, or stay.",
    ccp: "Spend a Combat Command Point on this fight?",
    charge: "Furor: charge with the mercenaries?",
    support: "Click a unit to support the fight with, or done.",
    advance: "The enemy left its hex: advance into it?",
    advface: "Click an orange arrow: the facing after the advance.",
    pursue: "Your cavalry broke its enemy: pursue it off the map or halt?",
    recover: "Recovery impulse: click a unit to recover a Disorder point, or done.",
  };

  function prompt(view, plan, ctx, mine, mark) {
    const o = view.observation;
    const box = el("div", { class: "dbp-prompt notice", id: "dbp-prompt" });
    if (o.is_terminal) {
      const last = (o.log || []).filter((line) => line.startsWith("The battle ends")).pop() || "The battle is over.";
      box.append(el("strong", { id: "dbp-result", text: last }));
      return box;
    }
    if (!mine) {
      const mover = view.players[view.to_move];
      if (view.to_move < 0) box.append("Dice are rolling…");
      // In a replay nobody is thinking: the step is only named.
      else if (mover && mover.agent !== "human" && ctx.live) {
        box.classList.add("thinking");
        const done = mark ? o.move_number - mark.move_number : 0;
        box.append(el("span", { class: "dbp-spinner" }), el("span", {
          id: "dbp-thinking",
          text: `${mover.name} (computer) is thinking: ${o.phase}` + (done > 0 ? `; ${plural(done, "move")} since yours (dice included)` : ""),
        }));
      } else box.append(`${mover ? mover.name : "The other side"} is to move: ${o.phase}.`);
      return box;
    }
    let ask = ASKS[plan.pending[0]] || `${o.phase}: choose.`;
    if (plan.pending[0] === "step" && o.moving) {
      const name = o.moving.unit < o.units.length ? o.units[o.moving.unit].name : o.leaders[o.moving.unit - o.units.length].name;
      ask = `Moving ${name}, ${plural(o.moving.mp, "movement point")} left. ${ask}`;
    }
    box.append(el("span", { text: ask }));
    for (const entry of plan.buttons) {
      box.append(el("button", { class: "primary", "data-choice": entry.notation, onclick: () => ctx.act(entry.action) }, entry.notation));
    }
    return box;
  }

  function otherSideDid(view, mark, changes) {
    if (!mark || view.viewer === null) return null;
    const log = view.observation.log || [];
    const lines = log.slice(Math.min(mark.log.length, log.length));
    if (!lines.length && !changes.size) return null;
    const rival = SIDES[1 - view.viewer];
    const list = el("ol", {}, lines.map((line) => el("li", { text: line })));
    // The latest lines are the ones to read: the list opens scrolled to its end.
    requestAnimationFrame(() => { list.scrollTop = list.scrollHeight; });
    return el("section", { class: "panel dbp-did", id: "dbp-did" },
      el("h3", { text: `Since your last move (${rival} and the dice)` }), list);
  }

  // -- walking to a distant hex: its steps sent one after another --------------------------

  function startWalk(view, path, ctx) {
    walk = { game: view.id, move: view.move - 1, steps: [...path] };
    continueWalk(view, ctx);
  }

  // Sent only once the last step's answer is in (a view pushed before it would be refused).
  function continueWalk(view, ctx) {
    if (!walk.steps.length || walk.game !== view.id || view.move <= walk.move || ctx.pending) return;
    const mine = ctx.live && view.viewer !== null && view.viewer === view.to_move;
    const next = mine ? view.legal.find((entry) => entry.notation === walk.steps[0]) : null;
    if (!next) { walk.steps = []; return; }
    walk.steps.shift();
    walk.move = view.move;
    setTimeout(() => ctx.act(next.action), 0);
  }

  // -- zoom and pan ------------------------------------------------------------------------

  function mapPanel(map, o) {
    const wrap = el("div", { class: "dbp-mapwrap", id: "dbp-mapwrap" }, map);
    let drag = null;
    wrap.addEventListener("pointerdown", (event) => {
      if (event.pointerType !== "mouse" || event.button !== 0) return;
      drag = { x: event.clientX, y: event.clientY, left: wrap.scrollLeft, top: wrap.scrollTop, moved: false };
    });
    wrap.addEventListener("pointermove", (event) => {
      if (!drag) return;
      const dx = event.clientX - drag.x;
      const dy = event.clientY - drag.y;
      if (Math.abs(dx) + Math.abs(dy) > 4) drag.moved = true;
      if (drag.moved) { wrap.scrollLeft = drag.left - dx; wrap.scrollTop = drag.top - dy; }
    });
    wrap.addEventListener("click", (event) => { if (drag && drag.moved) event.stopPropagation(); drag = null; }, true);
    window.addEventListener("pointerup", () => { if (drag && !drag.moved) drag = null; }, { once: true });
    // 100% is the frame's width; the whole map (its height too) may need less.
    const fitting = () => {
      const box = map.viewBox.baseVal;
      const tall = wrap.clientWidth * (box.height / box.width);
      return Math.min(1, wrap.clientHeight / Math.max(1, tall));
    };
    const setZoom = (value) => {
      const before = { x: wrap.scrollLeft / Math.max(1, wrap.scrollWidth), y: wrap.scrollTop / Math.max(1, wrap.scrollHeight) };
      zoom = Math.max(Math.min(1, fitting()), Math.min(3, value));
      map.style.width = `${(zoom * 100).toFixed(2)}%`;
      wrap.scrollLeft = before.x * wrap.scrollWidth;
      wrap.scrollTop = before.y * wrap.scrollHeight;
      label.textContent = `${Math.round(zoom * 100)}%`;
    };
    const label = el("span", { class: "muted", id: "dbp-zoom", text: `${Math.round(zoom * 100)}%` });
    const bar = el("div", { class: "dbp-zoombar" },
      el("strong", { text: o.title }), el("span", { class: "muted", text: ` turn ${o.turn} of ${o.turns}` }),
      el("span", { class: "dbp-zoom-buttons" },
        el("button", { id: "dbp-zoom-out", title: "zoom out", onclick: () => setZoom(zoom - 0.25) }, "−"), label,
        el("button", { id: "dbp-zoom-in", title: "zoom in", onclick: () => setZoom(zoom + 0.25) }, "+"),
        el("button", { id: "dbp-zoom-fit", title: "the whole map", onclick: () => setZoom(fitting()) }, "fit")));
    return el("div", { class: "dbp-mappanel" }, bar, wrap);
  }

  // -- drawing -----------------------------------------------------------------------------

  function table(view, previous, ctx) {
    const o = view.observation;
    const { mark, mine } = follow(view);
    const changes = view.viewer === null ? unitsChanged(previous && previous.observation, o) : unitsChanged(mark, o);
    const plan = classify(view, ctx);
    continueWalk(view, ctx);
    const root = el("div", { class: "dbp", id: "dbp" },
      prompt(view, plan, ctx, mine && ctx.live, mark),
      el("div", { class: "dbp-main" },
        mapPanel(mapSvg(view, plan, ctx, changes), o),
        el("div", { class: "dbp-side" }, tracks(o), commandBoxes(view, plan, ctx), otherSideDid(view, mark, changes), legend(o))));
    Carthago.explainOnHover(root, TIP);
    return root;
  }

  function draw(container, view, previous, ctx) {
    dataFiles.ready(container, "unrolling the map…", () => {
      const old = document.getElementById("dbp-mapwrap");
      const scroll = old ? { left: old.scrollLeft, top: old.scrollTop } : null;
      Carthago.tipBox(TIP).hidden = true;
      container.replaceChildren(table(view, previous, ctx));
      if (scroll) {
        requestAnimationFrame(() => {
          const wrap = document.getElementById("dbp-mapwrap");
          if (wrap) { wrap.scrollLeft = scroll.left; wrap.scrollTop = scroll.top; }
        });
      }
    });
  }

  Carthago.boards[GAME] = { draw };
})();

// Total War Cards at a card table: the territories in play with both armies beside them, the
// hands and piles, the tech tree with its links, the four special ability cards and the score.
// Drawn from the seat's observation and the game's data files (GET /api/data/total_war_cards),
// so a corrected data file corrects the page. Clicking a card, a territory or a technology
// takes the legal action the server listed for it; every piece explains itself on hover or tap.
"use strict";

(() => {
  const { el } = Carthago;
  const GAME = "total_war_cards";
  const TIP = "twc-tip";
  const COLOURS = ["#b0302a", "#2a5fa8"];
  const TIERS = 5;
  let data = null;
  // The army card picked in hand, waiting for a territory or a technology (one per position).
  let selection = { move: -1, value: null, faceDown: false };

  function svg(tag, attrs = {}, ...children) { return el(`svg:${tag}`, attrs, ...children); }
  function plural(count, word) { return `${count} ${word}${count === 1 ? "" : "s"}`; }

  // -- the components, from the data files -----------------------------------------------

  const dataFiles = Carthago.printedComponents(GAME, (files) => { data = components(files); });

  function byName(entries) { return Object.fromEntries(entries.map((entry) => [entry.name, entry])); }

  function components(files) {
    const words = files.explanations;
    const looks = byName(words.region);
    const effects = byName(words.branch);
    const meanings = byName(words.technology);
    const regions = ["Gaul", "Iberia", "Italia", "Africa"].map((name) => ({ name, ...looks[name] }));
    const branches = files.technologies.branch.map((b, index) => ({ ...b, index, effect: effects[b.name].effect }));
    const costs = files.technologies.tier_cost.costs;
    const techs = files.technologies.technology.map((t, index) => ({
      ...t, index, cost: costs[t.tier - 1], meaning: meanings[t.name].meaning,
      column: branches.findIndex((b) => b.name === t.branch),
    }));
    for (const tech of techs) {
      const below = techs.find((t) => t.branch === tech.branch && t.tier === tech.tier - 1);
      tech.needs = [...(below ? [below.name] : []), ...tech.requires];
    }
    for (const tech of techs) tech.leadsTo = techs.filter((t) => t.needs.includes(tech.name)).map((t) => t.name);
    return {
      army: words.army.text,
      sides: files.army.side,
      regions,
      branches,
      techs,
      techByName: byName(techs),
      territories: files.territories.territory,
      scoring: files.scoring,
    };
  }

  // -- what each piece says about itself --------------------------------------------------

  function scoringTable(region, options) {
    const s = data.scoring;
    if (region === "Gaul") return s.gaul.points.slice(1).map((p, i) => `${plural(i + 1, "card")} ${p}`).join(", ");
    if (region === "Iberia") return "each card its ships";
    if (region === "Italia") return s.italia.points.slice(1).map((p, i) => `run of ${i + 1}: ${p}`).join(", ");
    const partner = options.africa_pairs === "any" ? "any Trade Route" : "the Trade Route of its own city";
    return `${s.africa.pair_points} for a Merchant paired with ${partner}`;
  }

  function doublerOf(region) {
    const branch = data.branches.find((b) => b.doubles === region);
    return data.techs.find((t) => t.branch === branch.name && t.tier === TIERS).name;
  }

  function territoryLabel(card) {
    if (card.region === "Iberia") return `${card.name} (${plural(card.number, "ship")})`;
    if (card.region === "Italia") return `${card.name} (road ${card.number})`;
    return card.name;
  }

  function territoryValue(card) {
    if (card.region === "Iberia") return `${card.number} ⚓`;
    if (card.region === "Italia") return `road ${card.number}`;
    if (card.region === "Africa") return card.kind;
    return "tribe";
  }

  function territoryTip(card, options) {
    const region = data.regions.find((r) => r.name === card.region);
    let own = "One more Gaul card counted.";
    if (card.region === "Iberia") own = `Worth ${card.number} points.`;
    if (card.region === "Italia") {
      const roads = new Set(data.territories.filter((t) => t.region === "Italia").map((t) => t.number));
      const beside = [card.number - 1, card.number + 1].filter((n) => roads.has(n));
      own = `Road ${card.number}: extends a run with road ${beside.join(" or ")}.`;
    }
    if (card.region === "Africa") {
      const other = card.kind === "Merchant" ? "Trade Route" : "Merchant";
      own = options.africa_pairs === "any" ? `Scores with any ${other}.` : `Scores with the ${other} of ${card.city}.`;
    }
    return `${card.region} ${territoryLabel(card)}\n${own}\n${region.scoring} (${scoringTable(card.region, options)}). `
      + `Doubled for the owner of ${doublerOf(card.region)}.`;
  }

  function techTip(tech) {
    const branch = data.branches.find((b) => b.name === tech.branch);
    const lines = [`${tech.name} (${tech.meaning}): ${tech.branch} tier ${tech.tier}, costs ${plural(tech.cost, "point")}.`,
      tech.needs.length ? `Needs ${tech.needs.join(", ")}.` : "Needs nothing before it."];
    if (tech.leadsTo.length) lines.push(`Leads to ${tech.leadsTo.join(", ")}.`);
    if (tech.tier === TIERS) lines.push(`Tier five: one per side, closed to the other side once taken. Doubles its owner's ${branch.doubles} score.`);
    lines.push(`Highest in ${tech.branch} holds its card: ${branch.effect}`);
    return lines.join("\n");
  }

  function abilityTip(branch, options) {
    const chain = data.techs.filter((t) => t.branch === branch.name).map((t) => `${t.tier} ${t.name}`).join(", ");
    const tie = options.ability_tie === "vacant" ? "on a tie nobody holds it" : "on a tie it stays with whoever got there first";
    return `${branch.name} (${branch.meaning}): ${branch.effect}\nHeld by the side furthest up the branch (${chain}); ${tie}. `
      + `Its tier five doubles ${branch.doubles}.`;
  }

  function armyTip(value, side) {
    const deck = data.sides[side].values;
    const same = deck.filter((v) => v === value).length;
    return `${data.sides[side].name} army card worth ${value}: adds ${value} to ${data.sides[side].name}'s total against a `
      + `territory, or pays ${plural(value, "point")} on the tech tree.\n${data.sides[side].name}'s eleven cards: `
      + `${deck.join(" ")} (${same} of value ${value}).`;
  }

  function sideTip(side) {
    const deck = data.sides[side].values;
    return `${data.sides[side].name}: ${data.army}\nIts eleven cards: ${deck.join(" ")} (total ${deck.reduce((a, b) => a + b, 0)}).`;
  }

  // -- the legal actions, by what they name ------------------------------------------------

  // Notation (state.py): "pick T", "buy T", "stop, losing N", "Rome first", "win B: ...",
  // "3 to A: ...", "3 face down to A: ...", "3 on tech: T".
  function parseMove(entry) {
    const text = entry.notation;
    let m;
    if ((m = /^(pick|buy) (.+)$/.exec(text))) return { ...entry, kind: m[1], tech: m[2] };
    if (/^stop\b/.test(text)) return { ...entry, kind: "stop" };
    if ((m = /^(\S+) first$/.exec(text))) return { ...entry, kind: "first", side: m[1] };
    if ((m = /^win ([A-Z]):/.exec(text))) return { ...entry, kind: "win", slot: m[1] };
    if ((m = /^(\d+)( face down)? to ([A-Z]):/.exec(text))) {
      return { ...entry, kind: "place", value: Number(m[1]), faceDown: Boolean(m[2]), slot: m[3] };
    }
    if ((m = /^(\d+) on tech: (.+)$/.exec(text))) return { ...entry, kind: "tech-card", value: Number(m[1]), tech: m[2] };
    return { ...entry, kind: "other" };
  }

  // -- the table ---------------------------------------------------------------------------

  function sideName(side) { return data.sides[side].name; }

  function spentCount(observation, side) {
    const drawnFrom = observation.resting_drawn_from[side].length;
    if (observation.phase === "resting cards" && observation.turn > 0) return drawnFrom;
    const placed = observation.territories.reduce((n, t) => n + t.armies[side].length, 0);
    return placed + observation.tech_cards[side].length;
  }

  function armyCard(value, side, extra = {}) {
    const hidden = value === null;
    return el("div", {
      class: `twc-army side-${side}` + (hidden ? " back" : "") + (extra.fresh ? " fresh" : "") + (extra.clickable ? " clickable" : "")
        + (extra.selected ? " selected" : ""),
      "data-value": hidden ? null : value, "data-side": side,
      "data-tip": hidden ? `A ${sideName(side)} army card face down (ARS MILITARIS): turned up when the turn is resolved.` : armyTip(value, side),
      onclick: extra.onclick,
    }, hidden ? "?" : String(value));
  }

  function backs(count, side, what, tip) {
    return el("div", { class: `twc-pile side-${side}`, "data-tip": tip, "data-count": count },
      el("div", { class: "twc-army back" }, "×" + count), el("span", { class: "twc-pile-name", text: what }));
  }

  function stackTotal(stack) {
    const known = stack.filter((v) => v !== null).reduce((a, b) => a + b, 0);
    return { known, hidden: stack.includes(null), text: stack.length ? `${known}${stack.includes(null) ? "+?" : ""}` : "0" };
  }

  function territoryCard(row, options, extra) {
    if (row.card === null) {
      return el("div", {
        class: "twc-territory back" + (extra.clickable ? " clickable" : ""), "data-slot": row.slot,
        "data-tip": "Territory dealt face down: only the holder of the CLASSIARIUS card sees it. Turned up when the turn is resolved; you may fight for it unseen.",
        onclick: extra.onclick,
      }, el("span", { class: "twc-slot-letter", text: row.slot }), el("div", { class: "twc-back-mark", text: "?" }),
      el("div", { class: "twc-territory-name", text: "face down" }));
    }
    const card = data.territories[row.card];
    const region = data.regions.find((r) => r.name === card.region);
    return el("div", {
      class: "twc-territory" + (extra.clickable ? " clickable" : "") + (row.face_down ? " seen-face-down" : ""),
      "data-slot": row.slot, "data-region": card.region, style: `--region:${region.colour}`,
      "data-tip": territoryTip(card, options) + (row.face_down ? "\nDealt face down: you see it as CLASSIARIUS holder." : ""),
      onclick: extra.onclick,
    }, el("div", { class: "twc-band" }, el("span", { class: "twc-icon", text: region.icon }), ` ${card.region}`,
      el("span", { class: "twc-slot-letter", text: row.slot })),
    el("div", { class: "twc-territory-name", text: card.region === "Africa" ? card.city : card.name }),
    el("div", { class: "twc-territory-value", text: territoryValue(card) }),
);
  }

  function territoriesRow(view, previous, moves, ctx, top, bottom) {
    const observation = view.observation;
    const before = previous && previous.observation.turn === observation.turn && previous.observation.phase !== "game over"
      ? Object.fromEntries(previous.observation.territories.map((t) => [t.slot, t])) : {};
    const row = el("div", { class: "twc-territories", id: "twc-territories" });
    if (!observation.territories.length) {
      row.append(el("p", { class: "muted", text: observation.phase === "game over" ? "Every territory is decided." : "No territory dealt yet." }));
    }
    for (const t of observation.territories) {
      let offers = [];
      if (selection.value !== null) {
        offers = moves.filter((m) => m.kind === "place" && m.slot === t.slot && m.value === selection.value && m.faceDown === selection.faceDown);
      } else {
        offers = moves.filter((m) => (m.kind === "win" || m.kind === "place") && m.slot === t.slot);
      }
      const drawn = observation.drawn.includes(t.slot);
      const stack = (side) => {
        const total = stackTotal(t.armies[side]);
        const other = stackTotal(t.armies[1 - side]);
        const old = before[t.slot] ? before[t.slot].armies[side].length : t.armies[side].length;
        const leads = !total.hidden && !other.hidden && total.known > other.known;
        return el("div", { class: `twc-stack side-${side}` },
          el("span", {
            class: "twc-total" + (leads ? " leads" : ""), "data-side": side,
            "data-tip": `${sideName(side)}'s total against ${t.slot}: ${total.text}${total.hidden ? " (a card face down)" : ""}. The higher total takes the territory at resolution; level totals stay for next turn unless INSTRUMENTA BELLA's holder takes one.`,
          }, `${sideName(side)} ${total.text}`),
          el("div", { class: "twc-cards" }, t.armies[side].map((v, i) => armyCard(v, side, { fresh: i >= old }))));
      };
      const onclick = (event) => ctx.offer(offers, event);
      row.append(el("div", { class: "twc-column" + (drawn ? " drawn" : ""), "data-slot": t.slot },
        stack(top), territoryCard(t, view.options, { clickable: offers.length > 0, onclick }),
        drawn ? el("div", { class: "twc-note", text: "drawn: level totals" }) : null,
        t.face_down && t.card !== null ? el("div", { class: "twc-note", text: "face down: you see it" }) : null,
        observation.phase === "game over" ? el("div", { class: "twc-note", text: "undecided: nobody's" }) : null,
        stack(bottom)));
    }
    return row;
  }

  function playerStrip(view, moves, ctx, side, mine) {
    const o = view.observation;
    const name = sideName(side);
    const hand = mine ? o.hand : null;
    const cards = hand
      ? hand.map((value) => {
        const offers = moves.filter((m) => (m.kind === "place" || m.kind === "tech-card") && m.value === value);
        return armyCard(value, side, {
          clickable: offers.length > 0,
          selected: selection.value === value,
          onclick: () => {
            if (!offers.length) return;
            selection.value = selection.value === value ? null : value;
            selection.faceDown = false;
            ctx.redraw();
          },
        });
      })
      : [backs(o.hand_sizes[side], side, "hand", `${name}'s hand: ${plural(o.hand_sizes[side], "army card")}, unseen.`)];
    // Equal values are alike: show one selected card, not every card of that value.
    if (hand && selection.value !== null) {
      let seen = false;
      for (const card of cards) {
        if (card.dataset.value === String(selection.value)) {
          if (seen) card.classList.remove("selected");
          seen = true;
        }
      }
    }
    const spent = spentCount(o, side);
    return el("div", { class: `twc-strip side-${side}` + (o.to_move === side ? " to-move" : ""), "data-side": side },
      el("div", { class: "twc-who", "data-tip": sideTip(side) }, el("strong", { style: `color:${COLOURS[side]}`, text: name + (mine ? " (you)" : "") }),
        el("span", { class: "muted", text: o.to_move === side && o.phase !== "game over" ? " to move" : "" })),
      el("div", { class: "twc-hand", "data-side": side }, hand && !hand.length ? el("span", { class: "muted", text: "hand empty" }) : cards),
      el("div", { class: "twc-piles" },
        backs(o.resting_counts[side], side, "resting", `${name}'s resting cards: ${o.resting_counts[side]} face down, unseen by both. They come back to hand in the next upkeep, when three of this turn's spent cards rest instead.`),
        el("div", { class: `twc-pile side-${side}`, "data-tip": `${name}'s spent cards this turn: ${spent}, placed against territories or on the tech tree. Gathered in the upkeep.`, "data-count": spent },
          el("div", { class: "twc-army spent" }, "×" + spent), el("span", { class: "twc-pile-name", text: "spent" })),
        o.tech_cards[side].length ? el("div", { class: "twc-pile", "data-tip": `Cards ${name} put on the tech tree this turn: ${o.tech_cards[side].join(", ")}.` },
          el("div", { class: "twc-cards" }, o.tech_cards[side].map((v) => armyCard(v, side))), el("span", { class: "twc-pile-name", text: "on the tree" })) : null,
        o.hidden_left[side] ? el("span", { class: "twc-badge", "data-tip": "ARS MILITARIS: army cards this side may still place face down this turn.", text: `${o.hidden_left[side]} face down left` }) : null));
  }

  function statusStrip(view) {
    const o = view.observation;
    const parts = [
      el("strong", { text: o.turn ? `Turn ${o.turn} of ${o.turns}` : "Setup" }),
      el("span", { text: o.phase }),
      o.coin >= 0 ? el("span", { "data-tip": "The coin decides who marks the first technology at setup, and who places first in turn 1 if nobody holds HUMANITAS.", text: `coin: ${sideName(o.coin)}` }) : null,
      o.starter >= 0 && o.turn ? el("span", { text: `first to place: ${sideName(o.starter)}` }) : null,
      el("span", { class: "twc-deck", "data-tip": `The territory deck: ${o.deck_size} cards left; five are dealt each turn, four face up and one face down.`, text: `deck ${o.deck_size}` }),
      el("span", { "data-tip": "Two territory cards set aside unseen at setup: nobody sees them all game.", text: `unseen discards ${o.discarded}` }),
    ];
    return el("div", { class: "twc-status", id: "twc-status" }, parts);
  }

  function resultLine(view) {
    const o = view.observation;
    const totals = o.scores.map((s) => s.reduce((a, b) => a + b, 0));
    if (totals[0] === totals[1]) return `Game over: a draw, ${totals[0]} to ${totals[1]}.`;
    const winner = totals[0] > totals[1] ? 0 : 1;
    return `Game over: ${sideName(winner)} wins, ${totals[winner]} to ${totals[1 - winner]}.`;
  }

  function prompt(view, moves, ctx) {
    const o = view.observation;
    const box = el("div", { class: "twc-prompt notice", id: "twc-prompt" });
    const add = (...parts) => box.append(el("span", {}, ...parts));
    if (o.phase === "game over") { add(el("strong", { class: "twc-result", id: "twc-result", text: resultLine(view) })); return box; }
    const mine = ctx.live && view.viewer !== null && view.viewer === view.to_move && moves.length;
    if (!mine) {
      const who = o.to_move === null ? null : sideName(o.to_move);
      add(who ? `${who} is to move (${o.phase}).` : "Cards are being shuffled and dealt…");
      return box;
    }
    const button = (text, entry, choice) => el("button", { class: "primary", "data-choice": choice, onclick: () => ctx.act(entry.action) }, text);
    if (o.phase === "starting technologies") {
      add(`Setup: mark a tier-one technology on the tree (green). ${o.coin >= 0 ? `The coin fell for ${sideName(o.coin)}.` : ""}`);
    } else if (o.phase === "turn order") {
      add("You hold HUMANITAS: who places the first army card this turn? ",
        moves.filter((m) => m.kind === "first").map((m) => button(`${m.side} first`, m, m.side)));
    } else if (o.phase === "technology purchase") {
      const stop = moves.find((m) => m.kind === "stop");
      add(`${plural(o.budget, "point")} left on this card: buy another technology (green) or `,
        stop ? button(`stop (${o.budget} lost)`, stop, "stop") : null);
    } else if (o.phase === "Instrumenta Bella") {
      add("You hold INSTRUMENTA BELLA: click the drawn territory you win.");
    } else if (selection.value === null) {
      add("Choose an army card from your hand, then a territory to fight for or a technology to develop with it.");
    } else {
      const canHide = moves.some((m) => m.kind === "place" && m.value === selection.value && m.faceDown);
      add(`Your ${selection.value}: click a territory (green) to place it, or a technology to spend it on. `,
        canHide ? el("label", { class: "twc-toggle" }, el("input", {
          type: "checkbox", id: "twc-face-down", checked: selection.faceDown || null,
          onchange: (event) => { selection.faceDown = event.target.checked; ctx.redraw(); },
        }), ` face down (${o.hidden_left[view.viewer]} left)`) : null,
        el("button", { id: "twc-cancel", onclick: () => { selection.value = null; ctx.redraw(); } }, "cancel"));
    }
    return box;
  }

  // -- the tech tree -----------------------------------------------------------------------

  const TREE = { left: 4, top: 24, width: 104, height: 36, pitchX: 112, pitchY: 50 };

  function nodeBox(tech) {
    return { x: TREE.left + tech.column * TREE.pitchX, y: TREE.top + (TIERS - tech.tier) * TREE.pitchY, w: TREE.width, h: TREE.height };
  }

  // A cross-branch line runs up from the prerequisite, along the gap above it to the gutter
  // beside its column, up the gutter, and along the gap below the technology it opens.
  function linkPath(from, to, offset) {
    const a = nodeBox(from);
    const b = nodeBox(to);
    const startX = a.x + 14 + offset;
    const endX = b.x + b.w - 14 - offset;
    const gapAbove = a.y - (TREE.pitchY - TREE.height) / 2 + offset / 2;
    const gapBelow = b.y + b.h + (TREE.pitchY - TREE.height) / 2 - offset / 2;
    const gutter = (to.column > from.column ? a.x + a.w + (TREE.pitchX - TREE.width) / 2 : a.x - (TREE.pitchX - TREE.width) / 2) + offset / 3;
    return `M${startX},${a.y} V${gapAbove} H${gutter} V${gapBelow} H${endX} V${b.y + b.h}`;
  }

  function techTree(view, previous, moves, ctx) {
    const o = view.observation;
    const owned = [new Set(o.technologies[0]), new Set(o.technologies[1])];
    const before = previous ? [new Set(previous.observation.technologies[0]), new Set(previous.observation.technologies[1])] : owned;
    const fives = data.techs.filter((t) => t.tier === TIERS);
    const width = TREE.left * 2 + 3 * TREE.pitchX + TREE.width;
    const height = TREE.top + 4 * TREE.pitchY + TREE.height + 4;
    const tree = svg("svg", { viewBox: `0 0 ${width} ${height}`, id: "twc-tree", role: "img", "aria-label": "tech tree" });
    const defs = svg("defs", {}, svg("marker", { id: "twc-arrow", viewBox: "0 0 6 6", refX: 5, refY: 3, markerWidth: 6, markerHeight: 6, orient: "auto" },
      svg("path", { d: "M0,0 L6,3 L0,6 Z", fill: "#7a5a2a" })));
    tree.append(defs);
    data.branches.forEach((branch, column) => {
      tree.append(svg("g", { class: "twc-branch-head", "data-tip": abilityTip(branch, view.options) },
        svg("text", { x: TREE.left + column * TREE.pitchX + TREE.width / 2, y: 10, "text-anchor": "middle", class: "twc-branch-name" }, branch.name),
        svg("text", { x: TREE.left + column * TREE.pitchX + TREE.width / 2, y: 20, "text-anchor": "middle", class: "twc-branch-meaning" }, branch.meaning)));
    });
    const links = svg("g", { class: "twc-links" });
    const outgoing = {};
    for (const tech of data.techs) {
      const box = nodeBox(tech);
      if (tech.tier > 1) links.append(svg("line", { x1: box.x + box.w / 2, y1: box.y + box.h, x2: box.x + box.w / 2, y2: box.y + TREE.pitchY, class: "twc-own-link" }));
      for (const need of tech.requires) {
        const from = data.techByName[need];
        outgoing[need] = (outgoing[need] || 0) + 1;
        links.append(svg("path", { d: linkPath(from, tech, (outgoing[need] - 1) * 8), class: "twc-cross-link", "marker-end": "url(#twc-arrow)", "data-from": need, "data-to": tech.name }));
      }
    }
    tree.append(links);
    for (const tech of data.techs) {
      const box = nodeBox(tech);
      let offers = [];
      if (selection.value !== null) offers = moves.filter((m) => m.kind === "tech-card" && m.tech === tech.name && m.value === selection.value);
      else offers = moves.filter((m) => (m.kind === "pick" || m.kind === "buy" || m.kind === "tech-card") && m.tech === tech.name);
      const closedTo = tech.tier === TIERS
        ? [0, 1].filter((side) => !owned[side].has(tech.name) && (owned[1 - side].has(tech.name) || fives.some((f) => owned[side].has(f.name))))
        : [];
      const mineOwned = view.viewer !== null && owned[view.viewer].has(tech.name);
      const fresh = [0, 1].some((side) => owned[side].has(tech.name) && !before[side].has(tech.name));
      const classes = ["twc-tech"];
      if (offers.length) classes.push("clickable");
      if (mineOwned) classes.push("mine");
      if (closedTo.length === 2 || (view.viewer !== null && closedTo.includes(view.viewer))) classes.push("closed");
      if (fresh) classes.push("fresh");
      const owners = [0, 1].filter((side) => owned[side].has(tech.name));
      const node = svg("g", {
        class: classes.join(" "), "data-tech": tech.name,
        "data-tip": techTip(tech) + (owners.length ? `\nOwned by ${owners.map(sideName).join(" and ")}.` : "")
          + (closedTo.length ? `\nClosed to ${closedTo.map(sideName).join(" and ")}.` : "")
          + (offers.length ? `\nClick: ${offers.map((m) => m.notation).join(" / ")}` : ""),
      },
      svg("rect", { x: box.x, y: box.y, width: box.w, height: box.h, rx: 5, class: "twc-node" }),
      svg("text", { x: box.x + 5, y: box.y + 14, class: "twc-tech-name" }, tech.name),
      svg("text", { x: box.x + 5, y: box.y + 29, class: "twc-tech-cost" },
        closedTo.length && !owners.length
          ? (closedTo.length === 2 ? "closed to both" : `closed to ${sideName(closedTo[0])}`)
          : `tier ${tech.tier} · cost ${tech.cost}`),
      owners.map((side) => svg("circle", { cx: box.x + box.w - 18 + side * 11, cy: box.y + 26, r: 4.5, fill: COLOURS[side], class: `twc-peg side-${side}` })));
      node.addEventListener("click", (event) => ctx.offer(offers, event));
      tree.append(node);
    }
    const budget = o.budget ? el("span", { class: "twc-badge", id: "twc-budget", text: `${plural(o.budget, "point")} left on the card` }) : null;
    return el("section", { class: "panel twc-tree-panel" },
      el("h3", {}, "Tech tree ", budget),
      tree,
      el("p", { class: "muted twc-legend" },
        el("span", { class: "twc-dot", style: `background:${COLOURS[0]}` }), ` ${sideName(0)} `,
        el("span", { class: "twc-dot", style: `background:${COLOURS[1]}` }), ` ${sideName(1)} own it · green: you can take it now · arrows: prerequisites across branches`));
  }

  // -- ability cards and score -------------------------------------------------------------

  function abilities(view) {
    const o = view.observation;
    return el("div", { class: "twc-abilities", id: "twc-abilities" }, data.branches.map((branch, index) => {
      const holder = o.holders[index];
      return el("div", { class: "twc-ability", "data-branch": branch.name, "data-holder": holder, "data-tip": abilityTip(branch, view.options) },
        el("div", { class: "twc-ability-name", text: branch.name }),
        el("div", { class: "twc-ability-effect", text: branch.ability }),
        el("div", { class: "twc-holder", style: holder >= 0 ? `background:${COLOURS[holder]}` : null, text: holder >= 0 ? `held by ${sideName(holder)}` : "held by nobody" }),
        el("div", { class: "muted", text: `tier: ${sideName(0)} ${o.tiers[0][index]} · ${sideName(1)} ${o.tiers[1][index]}` }));
    }));
  }

  function scoreCell(detail, region, points) {
    let how = "";
    if (region === "Gaul") how = plural(detail.gaul_cards, "card");
    if (region === "Iberia") how = detail.iberia_ships.length ? `ships ${detail.iberia_ships.join("+")}` : "no ships";
    if (region === "Italia") how = detail.italia_runs.length ? `roads ${detail.italia_runs.map((r) => r.join("-")).join(", ")}` : "no roads";
    if (region === "Africa") how = plural(detail.africa_pairs, "pair");
    const doubled = detail.doubled === region;
    return el("td", { "data-region": region }, el("strong", { text: String(points) }),
      el("div", { class: "muted" }, how, doubled ? el("span", { class: "twc-double", text: ", doubled" }) : null));
  }

  function scorePanel(view) {
    const o = view.observation;
    const totals = o.scores.map((s) => s.reduce((a, b) => a + b, 0));
    const over = o.phase === "game over";
    const wonChips = (side) => o.won[side].map((index) => {
      const card = data.territories[index];
      const region = data.regions.find((r) => r.name === card.region);
      return el("span", { class: "twc-chip", style: `--region:${region.colour}`, "data-tip": territoryTip(card, view.options) },
        `${region.icon} ${card.name}${card.number ? " " + card.number : ""}`);
    });
    return el("section", { class: "panel twc-score", id: "twc-score" },
      el("h3", { text: over ? "Final score" : "Score so far" }),
      el("table", {},
        el("tr", {}, el("th", {}), [0, 1].map((side) => el("th", { style: `color:${COLOURS[side]}`, text: sideName(side) }))),
        data.regions.map((region, r) => el("tr", {},
          el("th", { "data-tip": `${region.scoring} (${scoringTable(region.name, view.options)}). Doubled for the owner of ${doublerOf(region.name)}.` },
            el("span", { class: "twc-icon", style: `color:${region.colour}`, text: region.icon }), ` ${region.name}`),
          [0, 1].map((side) => scoreCell(o.score_detail[side], region.name, o.scores[side][r])))),
        el("tr", { class: "twc-total-row" }, el("th", { text: "Total" }), totals.map((t, side) => el("td", { "data-side": side }, el("strong", { text: String(t) }))))),
      [0, 1].map((side) => el("div", { class: "twc-won" }, el("span", { style: `color:${COLOURS[side]}`, text: `${sideName(side)} holds: ` }),
        o.won[side].length ? wonChips(side) : el("span", { class: "muted", text: "nothing yet" }))));
  }

  // -- drawing -----------------------------------------------------------------------------

  function table(view, previous, ctx) {
    if (selection.move !== view.move) selection = { move: view.move, value: null, faceDown: false };
    const moves = (ctx.live ? view.legal : []).map(parseMove);
    const bottom = view.viewer === null ? 0 : view.viewer;
    const top = 1 - bottom;
    // At the end the score is what a player looks for: it moves to the top of the table.
    const over = view.observation.phase === "game over";
    const root = el("div", { class: "twc", id: "twc" },
      statusStrip(view),
      prompt(view, moves, ctx),
      over ? scorePanel(view) : null,
      playerStrip(view, moves, ctx, top, false),
      territoriesRow(view, previous, moves, ctx, top, bottom),
      playerStrip(view, moves, ctx, bottom, view.viewer !== null),
      el("div", { class: "twc-lower" },
        techTree(view, previous, moves, ctx),
        el("div", { class: "twc-right" }, el("section", { class: "panel" }, el("h3", { text: "Special ability cards" }), abilities(view)),
          over ? null : scorePanel(view))));
    Carthago.explainOnHover(root, TIP);
    return root;
  }

  function draw(container, view, previous, ctx) {
    const paint = () => {
      Carthago.tipBox(TIP).hidden = true;
      container.replaceChildren(table(view, previous, { ...ctx, redraw: paint }));
    };
    dataFiles.ready(container, "laying out the table…", paint);
  }

  Carthago.boards[GAME] = { draw };
})();

// Punica drawn as SVG: regions and seas where the map data puts them, with their Capital,
// area-of-influence and Fleet symbols, armies, fleets and Hannibal on them, the cards below
// with their strength, effect and battle symbol read from the game's data files. Clicking an
// area or a card offers the legal actions that name it; a move takes two clicks, the area it
// leaves then where it goes. Hovering or tapping a card or an area explains it.
"use strict";

(() => {
  const { el } = Carthago;
  const SIDES = ["Rome", "Carthage"];
  const COLOURS = ["#b0302a", "#2a5fa8"];
  let geometry = null;
  let facts = null;
  let loading = null;
  let selection = { move: -1, area: null };

  // The printed components: the map's geometry, and from data/*.toml what each card and area
  // carries (a corrected data file corrects the page).
  function loadBoard() {
    if (!loading) {
      const json = (url) => fetch(url).then((r) => r.json());
      loading = Promise.all([json("/api/boards/punica"), json("/api/data/punica")]).then(([g, data]) => {
        geometry = g;
        facts = componentFacts(data.files);
      });
    }
    return loading;
  }

  function componentFacts(files) {
    const cards = [{}, {}];
    for (const card of files.cards.cards) cards[SIDES.indexOf(card.side)][card.name] = card;
    const areas = {};
    for (const area of [...files.map.regions, ...files.map.seas]) areas[area.id] = area;
    return { cards, areas };
  }

  function effectText(card) {
    const parts = [];
    if (card.fleet_moves) parts.push(`${card.fleet_moves} fleet`);
    if (card.army_moves) parts.push(`${card.army_moves} army`);
    const plural = card.fleet_moves + card.army_moves > 1 ? "s" : "";
    return `${parts.join(" + ") || "no"} movement${plural}`;
  }

  function cardExplanation(side, name) {
    const card = facts.cards[side][name];
    if (!card) return name;
    const symbol = card.battle_symbol
      ? "Battle symbol: in a battle, once both cards are revealed, its owner may also make these movements (the attacker first)."
      : "No battle symbol: in a battle it adds its strength only.";
    return `${name} (${SIDES[side]}): strength ${card.strength}, added to your units' strength in a battle. `
      + `As an action: ${effectText(card)}. ${symbol}`;
  }

  function areaExplanation(id, name) {
    const area = facts.areas[id] || {};
    const parts = [name];
    if (area.capital) parts.push(`${area.capital}'s Capital: the other side wins by holding it alone`);
    const influence = area.influence || [];
    if (influence.length === 2) parts.push("area of influence of both sides");
    else if (influence.length) parts.push(`area of influence of ${influence[0]}: the other side wins by holding 3 of its 5`);
    if (area.island) parts.push("island, reached by sea only");
    if (area.fleet_symbol) parts.push(`${area.fleet_symbol}'s printed Fleet symbol: ${area.fleet_symbol} deploys fleets here, and it carries ${area.fleet_symbol}'s armies unless an enemy fleet is on it`);
    return parts.join(" · ");
  }

  function explain(text) {
    const line = document.getElementById("punica-explain");
    if (line) line.textContent = text;
  }

  function svg(tag, attrs = {}, ...children) { return el(`svg:${tag}`, attrs, ...children); }

  function unitsOf(observation) {
    const byId = {};
    for (const area of observation.areas) byId[area.id] = area;
    return byId;
  }

  function changedAreas(view, previous) {
    if (!previous || !previous.observation.areas) return new Set();
    const before = unitsOf(previous.observation);
    const changed = new Set();
    for (const area of view.observation.areas) {
      if (JSON.stringify(area) !== JSON.stringify(before[area.id])) changed.add(area.id);
    }
    return changed;
  }

  // Moves read "move army NUM-CAR": the part after the area left is where the unit goes.
  function destinations(offers, from) {
    const found = new Set();
    for (const entry of offers) {
      const match = entry.notation.match(new RegExp(`\\b${from}-([A-Z]{3})\\b`));
      if (match) found.add(match[1]);
    }
    return found;
  }

  function tokens(area, units, geometryArea) {
    const group = svg("g", {});
    const isSea = geometryArea.kind === "sea";
    units.units.forEach((count, side) => {
      if (!count) return;
      const x = geometryArea.x + (side === 0 ? -16 : 16);
      const y = geometryArea.y + 8;
      const shape = isSea
        ? svg("path", { d: `M${x - 13},${y - 4} L${x + 13},${y - 4} L${x + 8},${y + 7} L${x - 8},${y + 7} Z`, fill: COLOURS[side], stroke: "#222" })
        : svg("rect", { x: x - 11, y: y - 9, width: 22, height: 18, rx: 3, fill: COLOURS[side], stroke: "#222" });
      group.append(shape,
        svg("text", { x, y: y + 4, "text-anchor": "middle", fill: "white", "font-weight": "bold", class: `units side-${side}`, "data-area": area }, String(count)),
        svg("title", {}, `${SIDES[side]}: ${count} ${isSea ? "fleet" : "arm"}${count === 1 ? (isSea ? "" : "y") : (isSea ? "s" : "ies")}`));
    });
    if (units.hannibal) {
      group.append(svg("circle", { cx: geometryArea.x, cy: geometryArea.y - 14, r: 9, fill: "#f2c14e", stroke: "#2a5fa8", "stroke-width": 2, class: "hannibal" }),
        svg("text", { x: geometryArea.x, y: geometryArea.y - 10, "text-anchor": "middle", "font-weight": "bold" }, "H"));
    }
    return group;
  }

  // A pennant per side whose area-of-influence symbol the region carries (Sicily: both), and
  // an empty ship outline for a printed Fleet symbol: printed marks, drawn apart from the units.
  function symbols(area) {
    const printed = facts.areas[area.id] || {};
    const group = svg("g", { class: "printed" });
    (printed.influence || []).forEach((side, i) => {
      const x = area.x - area.radius * 0.62 + i * 13;
      const y = area.y - area.radius * 0.25;
      group.append(svg("g", { class: `influence side-${SIDES.indexOf(side)}`, "data-side": side },
        svg("line", { x1: x, y1: y + 8, x2: x, y2: y - 12, stroke: "#3a2a1a", "stroke-width": 1.5 }),
        svg("path", { d: `M${x},${y - 12} l12,4.5 l-12,4.5 Z`, fill: COLOURS[SIDES.indexOf(side)], stroke: "#3a2a1a", "stroke-width": 0.8 }),
        svg("title", {}, `${side}'s area of influence`)));
    });
    if (printed.fleet_symbol) {
      const side = SIDES.indexOf(printed.fleet_symbol);
      const x = area.x - area.radius * 0.78;
      const y = area.y - area.radius * 0.62;
      group.append(svg("g", { class: `fleet-symbol side-${side}`, "data-side": printed.fleet_symbol },
        svg("path", { d: `M${x - 11},${y - 3} L${x + 11},${y - 3} L${x + 7},${y + 6} L${x - 7},${y + 6} Z M${x},${y - 3} L${x},${y - 14} L${x + 8},${y - 6} Z`, fill: "#ffffffaa", stroke: COLOURS[side], "stroke-width": 2, "stroke-dasharray": "3 2" }),
        svg("title", {}, `${printed.fleet_symbol}'s printed Fleet symbol`)));
    }
    return group;
  }

  function legend() {
    const key = (...marks) => el("span", { class: "key" }, ...marks);
    const mini = (...children) => el("svg:svg", { viewBox: "0 0 24 20", width: 24, height: 20 }, ...children);
    return el("p", { class: "punica-legend muted", id: "punica-legend" },
      key(mini(svg("circle", { cx: 12, cy: 10, r: 8, fill: "#e8dcc0", stroke: COLOURS[0], "stroke-width": 2 })), "Capital"),
      key(mini(svg("line", { x1: 7, y1: 19, x2: 7, y2: 2, stroke: "#3a2a1a" }), svg("path", { d: "M7,2 l12,4.5 l-12,4.5 Z", fill: COLOURS[0] })),
        mini(svg("line", { x1: 7, y1: 19, x2: 7, y2: 2, stroke: "#3a2a1a" }), svg("path", { d: "M7,2 l12,4.5 l-12,4.5 Z", fill: COLOURS[1] })),
        "area of influence (Sicily: both)"),
      key(mini(svg("path", { d: "M1,9 L23,9 L19,17 L5,17 Z M12,9 L12,1 L19,7 Z", fill: "none", stroke: "#5a4a3a", "stroke-width": 1.5, "stroke-dasharray": "3 2" })), "printed Fleet symbol"),
      key(mini(svg("circle", { cx: 12, cy: 10, r: 8, fill: "#e8dcc0", stroke: "#5a4a3a", "stroke-dasharray": "4 2" })), "island"),
      key(mini(svg("rect", { x: 3, y: 3, width: 18, height: 14, rx: 3, fill: COLOURS[0] })), "armies"),
      key(mini(svg("path", { d: "M1,6 L23,6 L18,16 L6,16 Z", fill: COLOURS[1] })), "fleets"),
      key(mini(svg("circle", { cx: 12, cy: 10, r: 8, fill: "#f2c14e", stroke: COLOURS[1], "stroke-width": 2 })), "Hannibal"),
      key(el("span", { class: "battle-symbol", text: "⚔" }), "battle symbol"));
  }

  function drawMap(view, previous, ctx) {
    const observation = view.observation;
    const edition = observation.edition;
    const units = unitsOf(observation);
    const present = new Set(observation.areas.map((a) => a.id));
    const changed = changedAreas(view, previous);
    if (selection.move !== view.move) selection = { move: view.move, area: null };
    const battleArea = observation.battle ? observation.battle.area : null;
    const selectedOffers = selection.area ? ctx.actionsNaming(selection.area) : [];
    const targets = selection.area ? destinations(selectedOffers, selection.area) : new Set();
    const byId = {};
    for (const area of geometry.areas) byId[area.id] = area;

    // The box around the drawn areas only, so a narrow screen spends no width on empty sea.
    const drawn = geometry.areas.filter((a) => present.has(a.id));
    const left = Math.min(...drawn.map((a) => a.x - a.radius)) - 12;
    const top = Math.min(...drawn.map((a) => a.y - a.radius)) - 12;
    const right = Math.max(...drawn.map((a) => a.x + a.radius)) + 12;
    const bottom = Math.max(...drawn.map((a) => a.y + a.radius)) + 12;
    const map = svg("svg", { viewBox: `${left} ${top} ${right - left} ${bottom - top}`, id: "punica-map", role: "img" },
      svg("title", {}, "The Punica board"));
    for (const link of geometry.links) {
      if (!link.editions.includes(edition) || !present.has(link.a) || !present.has(link.b)) continue;
      const a = byId[link.a], b = byId[link.b];
      const style = link.kind === "land" ? { stroke: "#8a6a3a", "stroke-width": 5 }
        : link.kind === "coast" ? { stroke: "#6a9ab8", "stroke-width": 2 }
          : { stroke: "#3a7aa8", "stroke-width": 3, "stroke-dasharray": "6 4" };
      map.append(svg("line", { x1: a.x, y1: a.y, x2: b.x, y2: b.y, ...style }));
    }
    for (const area of geometry.areas) {
      if (!present.has(area.id)) continue;
      const here = units[area.id];
      const offers = ctx.actionsNaming(area.id);
      const isTarget = targets.has(area.id);
      const classes = ["area", area.kind];
      if (offers.length) classes.push("clickable");
      if (changed.has(area.id)) classes.push("changed");
      if (selection.area === area.id) classes.push("selected");
      if (isTarget) classes.push("target");
      const fill = area.kind === "sea" ? "#9cc3dc" : here.units[0] && !here.units[1] ? "#efd3c8" : here.units[1] && !here.units[0] ? "#cbd8ee" : "#e8dcc0";
      const group = svg("g", { class: classes.join(" "), "data-area": area.id, "data-offers": offers.length ? area.id : null },
        svg("circle", {
          class: "node", cx: area.x, cy: area.y, r: area.radius, fill,
          stroke: area.id === battleArea ? "#d01010" : isTarget ? "#1a7a1a" : selection.area === area.id ? "#f0a000" : "#5a4a3a",
          "stroke-width": area.id === battleArea || isTarget || selection.area === area.id ? 5 : 1.5,
          "stroke-dasharray": area.island ? "5 3" : null,
        }),
        area.capital ? svg("circle", { cx: area.x, cy: area.y, r: area.radius - 6, fill: "none", stroke: COLOURS[SIDES.indexOf(area.capital)], "stroke-width": 2 }) : null,
        svg("text", { x: area.x, y: area.y - area.radius + 14, "text-anchor": "middle", "font-weight": "bold" }, area.id),
        svg("text", { x: area.x, y: area.y + area.radius - 6, "text-anchor": "middle", fill: "#4a3a2a" }, area.name),
        symbols(area),
        tokens(area.id, here, area),
        svg("title", {}, areaExplanation(area.id, area.name) + (offers.length ? ` — ${offers.length} action(s)` : "")));
      group.addEventListener("mouseenter", () => explain(areaExplanation(area.id, area.name)));
      group.addEventListener("click", (event) => {
        explain(areaExplanation(area.id, area.name));
        clickArea(area.id, offers, event, ctx);
      });
      map.append(group);
    }
    return map;
  }

  function clickArea(id, offers, event, ctx) {
    if (selection.area && selection.area !== id) {
      const moves = ctx.actionsNaming(selection.area).filter((e) => e.notation.includes(`${selection.area}-${id}`));
      if (moves.length) { selection.area = null; ctx.offer(moves, event); return; }
    }
    if (selection.area === id) { selection.area = null; ctx.redraw(); return; }
    if (!offers.length) return;
    const leaving = destinations(offers, id);
    if (leaving.size && offers.every((e) => new RegExp(`\\b${id}-[A-Z]{3}\\b`).test(e.notation))) {
      if (leaving.size === 1 && offers.length === 1) { ctx.offer(offers, event); return; }
      selection.area = id;
      ctx.redraw();
      return;
    }
    ctx.offer(offers, event);
  }

  // One card face: name, strength, action effect and battle symbol, explained on hover or tap.
  function cardFace(side, name, ctx, extraClass = "") {
    const card = facts.cards[side][name] || { strength: "?", army_moves: 0, fleet_moves: 0 };
    const offers = ctx ? ctx.actionsNaming(name) : [];
    const explanation = cardExplanation(side, name);
    return el("div", {
      class: `card punica-card side-${side}` + (offers.length ? " clickable" : "") + (extraClass ? ` ${extraClass}` : ""),
      "data-card": name, "data-offers": offers.length ? name : null,
      title: explanation + (offers.length ? `\n\n${offers.map((o) => o.notation).join("\n")}` : ""),
      onmouseenter: () => explain(explanation),
      onclick: (event) => { explain(explanation); if (offers.length) ctx.offer(offers, event); },
    },
    el("div", { class: "card-head" },
      el("strong", { text: name }),
      el("span", { class: "strength", title: "strength in battle", text: String(card.strength) })),
    el("div", { class: "effect", text: effectText(card) }),
    card.battle_symbol ? el("div", { class: "battle-symbol", text: "⚔ battle" }) : null,
    offers.length ? el("div", { class: "muted", text: offers.map((o) => o.notation.split(" ")[0]).join(", ") }) : null);
  }

  function cardsPanel(view, ctx) {
    const observation = view.observation;
    return el("div", { class: "punica-cards" }, observation.players.map((player, side) => {
      const secret = player.hand === null;
      let hand;
      if (secret) {
        // The cards not yet played are public (the deck minus the face-up cards); which of
        // them lies face down is not.
        hand = [el("div", { class: "hand-note", text: `Not yet played (${player.unplayed.length}); one of them is the face-down battle card:` }),
          el("div", { class: "cards" }, player.unplayed.map((name) => cardFace(side, name, null, "unplayed")))];
      } else {
        hand = [el("div", { text: `Hand (${player.hand.length}):` }),
          el("div", { class: "cards" }, player.hand.map((name) => cardFace(side, name, ctx)))];
      }
      const committed = player.committed;
      return el("section", { class: "panel", "data-side": side },
        el("h3", { style: `color:${COLOURS[side]}`, text: `${player.name}` + (observation.active === side ? " (active)" : "") }),
        hand,
        committed ? el("div", { class: "battle-card" }, el("div", { text: "Battle card:" }),
          el("div", { class: "cards" }, committed === "face down" ? el("div", { class: "card face-down", text: "face down" }) : cardFace(side, committed, null, "committed"))) : null,
        player.played.length ? el("div", { class: "played" }, el("div", { class: "muted", text: "Played, face up:" }),
          el("div", { class: "cards" }, player.played.map((name) => cardFace(side, name, null, "played")))) : null);
    }));
  }

  function statusLine(observation) {
    const parts = [`edition ${observation.edition}`, `turn ${observation.turn}/${observation.max_turns}`, `phase: ${observation.phase}`];
    const inPlay = observation.card_in_play;
    if (inPlay) {
      const left = typeof inPlay === "object"
        ? ` (movements left: ${inPlay.army_moves_left ?? 0} army, ${inPlay.fleet_moves_left ?? 0} fleet)` : "";
      parts.push(`card in play: ${typeof inPlay === "object" ? inPlay.card : inPlay}${left}`);
    }
    if (observation.battle) {
      const revealed = observation.battle.revealed.map((card, side) => `${SIDES[side]} ${card ? `${card} (${facts.cards[side][card].strength})` : "?"}`).join(", ");
      parts.push(`battle in ${observation.battle.area} (${observation.battle.attacker} attacks; cards: ${revealed})`);
    }
    if (observation.pending_battles && observation.pending_battles.length) parts.push(`battles to come: ${observation.pending_battles.join(", ")}`);
    if (observation.winner !== null && observation.winner !== undefined) parts.push(`winner: ${SIDES[observation.winner]} (${observation.end_reason})`);
    return el("p", { id: "punica-status", class: "notice", text: parts.join(" · ") });
  }

  function draw(container, view, previous, ctx) {
    if (!view.observation.areas) { Carthago.boards.generic.draw(container, view, previous, ctx); return; }
    const paint = () => {
      const local = { ...ctx, redraw: paint };
      const hint = selection.area
        ? `From ${selection.area}: click where to go (green), or ${selection.area} again to cancel.`
        : "Click an area or a card to see what you can do there.";
      container.replaceChildren(statusLine(view.observation), drawMap(view, previous, local), legend(),
        el("p", { class: "muted", id: "selection", text: hint }),
        el("p", { class: "notice", id: "punica-explain", text: "Hover over or tap a card or an area to see what it does." }),
        cardsPanel(view, local));
    };
    if (geometry && facts) paint();
    else {
      container.replaceChildren(el("p", { text: "loading the map…" }));
      loadBoard().then(() => { if (container.isConnected) paint(); });
    }
  }

  Carthago.boards.punica = { draw };
})();

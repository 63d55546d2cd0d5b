// Punica drawn as SVG: regions and seas where the map data puts them, armies, fleets and
// Hannibal on them, the hands and played cards below. Clicking an area or a card offers the
// legal actions that name it; a move takes two clicks, the area it leaves then where it goes.
"use strict";

(() => {
  const { el } = Carthago;
  const SIDES = ["Rome", "Carthage"];
  const COLOURS = ["#b0302a", "#2a5fa8"];
  let geometry = null;
  let geometryRequest = null;
  let selection = { move: -1, area: null };

  function loadGeometry() {
    if (!geometryRequest) {
      geometryRequest = fetch("/api/boards/punica").then((r) => r.json()).then((g) => { geometry = g; return g; });
    }
    return geometryRequest;
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

    const map = svg("svg", { viewBox: `0 0 ${Math.max(geometry.width, 1000)} ${geometry.height}`, id: "punica-map", role: "img" },
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
        tokens(area.id, here, area),
        svg("title", {}, area.name + (offers.length ? ` — ${offers.length} action(s)` : "")));
      group.addEventListener("click", (event) => clickArea(area.id, offers, event, ctx));
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

  function cardsPanel(view, ctx) {
    const observation = view.observation;
    return el("div", { class: "punica-cards" }, observation.players.map((player, side) => {
      const hand = player.hand;
      const played = new Set(player.played);
      const cards = hand === null
        ? player.unplayed.map(() => el("div", { class: "card face-down", text: "hidden" }))
        : hand.map((name) => {
          const offers = ctx.actionsNaming(name);
          return el("div", {
            class: "card" + (offers.length ? " clickable" : ""), "data-card": name, "data-offers": offers.length ? name : null,
            title: offers.map((o) => o.notation).join("\n"),
            onclick: (event) => ctx.offer(offers, event),
          }, el("strong", { text: name }), el("div", { class: "muted", text: offers.map((o) => o.notation.split(" ")[0]).join(", ") }));
        });
      return el("section", { class: "panel", "data-side": side },
        el("h3", { style: `color:${COLOURS[side]}`, text: `${player.name}` + (observation.active === side ? " (active)" : "") }),
        el("div", {}, "Hand:"), el("div", { class: "cards" }, cards),
        player.committed ? el("p", {}, "Battle card: ", el("strong", { text: player.committed })) : null,
        played.size ? el("p", { class: "muted", text: `Played: ${player.played.join(", ")}` }) : null);
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
      const revealed = observation.battle.revealed.map((card, side) => `${SIDES[side]} ${card || "?"}`).join(", ");
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
      container.replaceChildren(statusLine(view.observation), drawMap(view, previous, local),
        el("p", { class: "muted", id: "selection", text: hint }), cardsPanel(view, local));
    };
    if (geometry) paint();
    else {
      container.replaceChildren(el("p", { text: "loading the map…" }));
      loadGeometry().then(() => { if (container.isConnected) paint(); });
    }
  }

  Carthago.boards.punica = { draw };
})();

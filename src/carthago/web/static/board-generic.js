// The view of any game without a board drawing of its own: the game's text rendering and its
// observation as a table, the parts that just changed highlighted. It says so on the page.
"use strict";

(() => {
  const { el } = Carthago;
  const SKIP = new Set(["log", "game", "viewer", "move_number"]);

  function same(a, b) { return JSON.stringify(a) === JSON.stringify(b); }

  function valueNode(value, ctx) {
    if (value === null || value === undefined) return el("span", { class: "muted", text: "—" });
    if (Array.isArray(value)) {
      if (value.every((v) => v === null || typeof v !== "object")) return chips(value, ctx);
      if (value.every((v) => v && typeof v === "object" && !Array.isArray(v))) return rowsTable(value, ctx);
      return el("ol", {}, value.map((v) => el("li", {}, valueNode(v, ctx))));
    }
    if (typeof value === "object") {
      return el("table", { class: "obs-table" }, Object.entries(value).map(([k, v]) =>
        el("tr", {}, el("th", { text: k }), el("td", {}, valueNode(v, ctx)))));
    }
    return clickable(String(value), ctx);
  }

  // A list of records (players, provinces...) reads best as one table, a row per record.
  function rowsTable(records, ctx) {
    const keys = [...new Set(records.flatMap((r) => Object.keys(r)))];
    return el("table", { class: "obs-table rows" },
      el("tr", {}, keys.map((k) => el("th", { text: k }))),
      records.map((r) => el("tr", {}, keys.map((k) => el("td", {}, valueNode(r[k], ctx))))));
  }

  function chips(values, ctx) {
    return el("span", {}, values.map((v, i) => [i ? ", " : "", v === null ? "—" : clickable(String(v), ctx)]));
  }

  // A value that names legal actions (a card, a place) can be clicked to take one of them.
  function clickable(text, ctx) {
    const offers = text.length > 1 && !/^-?[0-9.]+$/.test(text) ? ctx.actionsNaming(text) : [];
    if (!offers.length) return text;
    return el("button", {
      class: "offer", "data-offers": text, title: offers.map((o) => o.notation).join("\n"),
      onclick: (event) => ctx.offer(offers, event),
    }, text);
  }

  function draw(container, view, previous, ctx) {
    const observation = view.observation;
    const before = previous ? previous.observation : null;
    // Large parts fold away (open by default only when they just changed).
    const rows = Object.entries(observation).filter(([key]) => !SKIP.has(key)).map(([key, value]) => {
      const changed = before && !same(before[key], value);
      const shown = JSON.stringify(value).length > 400
        ? el("details", { open: changed || null }, el("summary", { text: Array.isArray(value) ? `${value.length} entries` : "details" }), valueNode(value, ctx))
        : valueNode(value, ctx);
      return el("tr", { class: changed ? "changed" : null }, el("th", { text: key }), el("td", {}, shown));
    });
    container.replaceChildren(
      el("p", { class: "notice generic-note", id: "generic-note" },
        `${view.title} has no board drawing in the browser yet: this is its observation as data, `
        + (ctx.live ? "exactly what your seat may see. Act with the list of legal actions." : "as this view saw it.")),
      el("section", { class: "panel" }, el("h2", { text: "Position" }), el("pre", { class: "render", id: "render", text: view.text })),
      el("section", { class: "panel" }, el("h2", { text: "Observation" }), el("table", { class: "obs-table", id: "observation" }, rows)),
    );
  }

  Carthago.boards.generic = { draw };
})();

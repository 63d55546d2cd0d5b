// The Republic of Carthage at the table: the State and the sequence of play, the Senate in
// session, each faction's Senators as cards, the wars board, the Forum, Trade, offices and
// provinces. Drawn from the seat's observation and the game's data files
// (GET /api/data/republic_of_carthage). A card that a legal action names lights up and offers
// it; what names no card on the table is a button in the decision box. Every card and every
// abbreviation explains itself on hover or tap.
"use strict";

(() => {
  const { el } = Carthago;
  const GAME = "republic_of_carthage";
  const TIP = "roc-tip";
  const SEQUENCE = ["Mortality", "Revenue", "Trade", "Forum", "Senate", "Exploration and Combat", "Revolution"];
  const STATS = [
    ["mil", "M", "Military: fights wars and leads forces"],
    ["ora", "O", "Oratory: persuades Senators and swings votes"],
    ["exp", "E", "Exploration: leads explorations"],
    ["loy", "L", "Loyalty: how hard he is to persuade away"],
    ["inf", "I", "Influence: counts for victory and for the vote"],
    ["pop", "P", "Popularity: the people's favour"],
    ["traders", "Tr", "Traders: each draws Trade cards and is one warehouse"],
  ];
  const LEGEND = [
    ...STATS.map(([, short, long]) => [short, long]),
    ["T", "talents, the money of the game"],
    ["HRAO", "Highest Ranking Available Official: presides when no Suffete can"],
    ["★", "Faction Leader"],
    ["⚖", "Liable: may be prosecuted in the Senate"],
    ["×2", "a war's strength doubled (tripled) by matching wars in play"],
  ];
  const QUESTIONS = {
    senate_ballot: "How does your faction vote?",
    senate_floor: "The proposal is on the floor: let the vote go on, or act against it?",
    senate_propose: "You preside: put a proposal to the Senate.",
    senate_call: "Call on the next faction to vote.",
    forum_interfere: "Another faction is persuading: interfere, or let it be?",
    forum_auction: "The initiative is up for auction: bid or pass.",
    trade_sell: "Sell your Trade cards in sets, or stop selling.",
    revenue_redistribute: "Move talents between your Senators and your Faction Treasury.",
    revenue_contribute: "Contribute talents to the State Treasury, or stop.",
    revenue_corruption: "A Committee member may roll for corruption (he becomes Liable).",
    setup_trader: "Set-up: give a Trader to one of your Senators.",
    setup_leader: "Set-up: name your Faction Leader.",
    setup_concessions: "Set-up: play a Concession from your hand, or keep them.",
    setup_concession_target: "Set-up: which Senator takes the Concession?",
    setup_terms: "Set-up: how many turns has this office been held?",
    setup_committee_assign: "Set-up: who takes the Committee seat?",
    forum_persuade: "Your initiative: try to persuade a Senator, or nobody.",
    forum_leader: "Keep your Faction Leader, or name another.",
    senate_assign: "Assign a Senator to the office.",
  };
  let data = null;

  function plural(count, word) { return `${count} ${word}${count === 1 ? "" : "s"}`; }
  function words(stage) { return stage.replace(/^[a-z]+_/, "").replace(/_/g, " "); }

  const dataFiles = Carthago.printedComponents(GAME, (files) => { data = components(files); });

  function components(files) {
    const byName = (entries) => Object.fromEntries(entries.map((e) => [e.name, e]));
    const cards = files.hand_cards;
    const hand = {};
    for (const kind of ["concession", "event", "intrigue", "law"]) {
      for (const card of cards[kind] || []) hand[card.name] = { ...card, kind };
    }
    const commodities = {};
    for (const stack of files.trade.stack) {
      for (const good of stack.commodities) commodities[good.name] = { ...good, value: stack.number };
    }
    return {
      senators: Object.fromEntries(files.senators.senator.map((s) => [String(s.id), s])),
      statesmen: Object.fromEntries(files.statesmen.statesman.map((s) => [String(s.id), s])),
      wars: Object.fromEntries(files.wars.war.map((w) => [w.id, w])),
      leaders: byName(files.wars.leader),
      explorations: byName(files.wars.exploration),
      events: byName(files.table_events.event),
      offices: byName(files.offices.office),
      provinces: byName(files.provinces.province),
      stacks: files.trade.stack,
      hand,
      commodities,
    };
  }

  // -- what each piece says about itself --------------------------------------------------

  function senatorTip(senator, leader) {
    const printed = data.statesmen[senator.id] || data.senators[senator.id];
    const lines = [`${senator.name}${printed && printed.century ? ` (Statesman, ${printed.century})` : ""}${leader ? ", Faction Leader" : ""}`,
      STATS.map(([key, short, long]) => `${short} ${senator[key]}: ${long.split(":")[0]}`).join(", ") + `; ${senator.talents}T on his card.`];
    if (printed && printed.special) lines.push(`Special: ${printed.special}`);
    if (senator.office) lines.push(`${senator.office}.`);
    if (senator.province) lines.push(`Governor of ${senator.province}.`);
    if (senator.place !== "Carthage" && senator.place !== "governor") lines.push(`Now: ${senator.place}.`);
    if (senator.liable) lines.push("Liable: may be prosecuted for corruption in the Senate.");
    if (senator.concessions.length) lines.push(`Concessions: ${senator.concessions.join(", ")}.`);
    return lines.join("\n");
  }

  function handTip(name) {
    const card = data.hand[name];
    if (!card) return name;
    return `${name} (${card.kind} card)\n${card.text || ""}`.trim();
  }

  function forumTip(name) {
    const number = /\[(\w+)\]$/.exec(name);
    if (number) {
      const printed = data.statesmen[number[1]] || data.senators[number[1]];
      if (printed) return `${name}: a Senator in the Forum, free to be persuaded into a faction.\nM ${printed.mil} O ${printed.ora} E ${printed.exp} L ${printed.loy} I ${printed.inf}`;
    }
    if (data.hand[name]) return handTip(name);
    if (data.provinces[name]) return `${name}: a province waiting for a Governor.`;
    return name;
  }

  function warTip(war) {
    const card = data.wars[war.id] || {};
    const lines = [`${war.war} (${card.dates || ""}): ${war.status}.`,
      `Printed strength: land ${card.land}, fleet support ${card.fleet_support}, naval ${card.naval}.`,
      `Now: land ${war.land}, naval ${war.naval}` + (war.matching > 1 ? ` (×${war.matching} for matching ${card.family} wars)` : "")
        + (war.leaders.length ? `, with ${war.leaders.join(", ")}` : "") + ".",
      `Disaster on ${card.disaster}, Standoff on ${card.standoff} (unmodified 3d6).`];
    if (card.victory_treasury) lines.push(`Victory: ${card.victory_treasury}T to the State Treasury.`);
    if (card.loss_effect) lines.push(`Lost: ${card.loss_effect}.`);
    return lines.join("\n");
  }

  // -- the decision: actions by what they name ----------------------------------------------

  function decision(view, ctx) {
    const legal = ctx.live ? view.legal : [];
    const taken = new Set();
    const naming = (name) => {
      const found = ctx.actionsNaming(name);
      for (const entry of found) taken.add(entry.action);
      return found;
    };
    return { legal, taken, naming };
  }

  function clickable(node, offers, ctx) {
    if (!offers.length) return node;
    node.classList.add("clickable");
    node.dataset.offers = offers.length;
    node.addEventListener("click", (event) => ctx.offer(offers, event));
    return node;
  }

  function prompt(view, moves, ctx) {
    const o = view.observation;
    const box = el("div", { class: "roc-prompt notice", id: "roc-prompt" });
    if (o.ended || view.status === "finished") {
      box.append(el("strong", { id: "roc-result", text: `Game over${o.ended ? `: ${o.ended}` : ""}` }));
      return box;
    }
    const mine = ctx.live && view.viewer !== null && view.viewer === view.to_move && moves.legal.length;
    const follow = ctx.live && view.viewer !== null ? el("label", { class: "roc-follow", "data-tip": "The server plays for you in the steps where you only follow the others (the floor before a vote, another faction's persuasion, the auction of the initiative) until something needs you. Decisions with one possible choice are always played for you; both are listed under the log." },
      el("input", { type: "checkbox", id: "roc-follow", checked: view.following || null, onchange: (event) => ctx.follow(event.target.checked) }),
      " pass until something needs me") : null;
    if (!mine) {
      const who = view.to_move >= 0 && view.players[view.to_move] ? view.players[view.to_move].name : null;
      box.append(el("span", { text: who ? `${who} is to decide (${o.phase}, ${words(o.stage)}).` : "Dice and cards are being drawn…" }));
      if (follow) box.append(follow);
      return box;
    }
    const left = moves.legal.filter((m) => !moves.taken.has(m.action));
    const votes = left.map((m) => [m, /^vote (Yes|No|Abstain)(?:, buying (\d+) votes?)?$/.exec(m.notation)]).filter(([, v]) => v);
    const others = left.filter((m) => !votes.some(([v]) => v === m));
    box.append(el("strong", { text: QUESTIONS[o.stage] || `Your decision (${words(o.stage)}):` }), " ");
    if (moves.taken.size) box.append(el("span", { class: "muted", text: others.length || votes.length ? "click a green card, or" : "click a green card." }));
    if (votes.length) {
      const buys = [...new Set(votes.map(([, v]) => Number(v[2] || 0)))].sort((a, b) => a - b);
      const buy = el("select", { id: "roc-buy", "data-tip": "Votes bought with your Senators' talents, added to your faction's votes." },
        buys.map((n) => el("option", { value: String(n) }, n ? `buying ${plural(n, "vote")}` : "buying none")));
      const cast = (choice) => {
        const wanted = Number(buy.value);
        const found = votes.find(([, v]) => v[1] === choice && Number(v[2] || 0) === wanted);
        if (found) ctx.act(found[0].action);
      };
      box.append(el("span", { class: "roc-vote", id: "roc-vote" },
        ["Yes", "No", "Abstain"].filter((c) => votes.some(([, v]) => v[1] === c)).map((c) =>
          el("button", { class: "primary", "data-vote": c, onclick: () => cast(c) }, c)),
        buys.length > 1 ? buy : null));
    }
    box.append(el("span", { class: "roc-choices", id: "roc-choices" }, others.map((m) =>
      el("button", { class: "act", "data-action": m.action, onclick: () => ctx.act(m.action) }, m.notation))));
    if (follow) box.append(follow);
    return box;
  }

  // -- the State ----------------------------------------------------------------------------

  function stateStrip(view) {
    const o = view.observation;
    const limit = view.options.turn_limit;
    const setup = o.phase === "Prepare to Play";
    return el("div", { class: "roc-state", id: "roc-state" },
      el("div", { class: "roc-figures" },
        el("strong", { text: setup ? "Prepare to Play" : `Turn ${o.turn} of ${limit}` }),
        el("span", { "data-tip": "The era decides which deck feeds the Forum: the Late Republic deck joins later.", text: o.era }),
        el("span", { class: "roc-money", "data-tip": "The State Treasury pays for forces and goes bankrupt at zero.", text: `State Treasury ${o.state_treasury}T` }),
        el("span", { "data-tip": "Tax Rate: the share of every Trade sale paid to the State (rounded up).", text: `Tax ${o.tax_rate}%` }),
        el("span", { "data-tip": "HRAO: the Highest Ranking Available Official, who presides over the Senate.", text: `HRAO ${o.hrao || "–"}` }),
        el("span", { "data-tip": `Cards left in the deck (the Late Republic deck holds ${o.late_deck} more).`, text: `deck ${o.deck}` }),
        el("span", { "data-tip": "Mortality chits in the cup: one is drawn each turn and kills the Senator whose number it shows.", text: `cup ${o.mortality_cup}` })),
      el("ol", { class: "roc-sequence", id: "roc-sequence", "data-tip": "The sequence of play (rules 5): the current phase is marked, with the step under way." },
        SEQUENCE.map((name, i) => {
          const current = o.phase.startsWith(name);
          return el("li", { class: current ? "current" : null, "data-phase": name },
            `${i + 1}. ${name}`, current ? el("span", { class: "roc-step", text: ` · ${words(o.stage)}` }) : null);
        }),
        setup ? el("li", { class: "current", text: `set-up · ${words(o.stage)}` }) : null));
  }

  function legend() {
    return el("div", { class: "roc-legend muted", id: "roc-legend" }, "Key: ",
      LEGEND.map(([short, long]) => el("span", { "data-tip": long }, el("b", { text: short }), ` ${long.split(":")[0]}`)));
  }

  // -- the Senate in session ----------------------------------------------------------------

  function senatePanel(view) {
    const o = view.observation;
    const senate = o.senate;
    if (!senate.presiding) return null;
    const cast = Object.fromEntries(senate.ballots.map((b) => [b.faction, b]));
    const tally = { Yes: 0, No: 0, Abstain: 0 };
    for (const b of senate.ballots) tally[b.vote] = (tally[b.vote] || 0) + b.votes;
    return el("section", { class: "panel roc-senate", id: "roc-senate" },
      el("h3", {}, "The Senate in session", senate.crisis ? el("span", { class: "roc-badge", text: "Crisis" }) : null),
      el("div", {}, "Presiding: ", el("strong", { text: senate.presiding })),
      senate.proposal ? el("div", { class: "roc-proposal", id: "roc-proposal" },
        el("span", { class: "roc-kind", text: senate.proposal_kind }), " ", senate.proposal) : el("div", { class: "muted", text: "No proposal on the floor." }),
      el("table", { class: "roc-ballots", id: "roc-ballots" },
        el("tr", {}, ["faction", "votes", "cast", "bought"].map((h) => el("th", { text: h }))),
        o.factions.map((f) => {
          const b = cast[f.name];
          return el("tr", { "data-faction": f.name },
            el("td", { text: f.name }), el("td", { text: String(o.votes[f.name] ?? "") }),
            el("td", { class: b ? `vote-${b.vote}` : "muted", text: b ? `${b.vote} (${b.votes})` : "not yet" }),
            el("td", { text: b ? String(b.bought) + (b.bribery ? ", bribery" : "") : "" }));
        }),
        el("tr", {}, el("th", { text: "counted" }), el("td", {}),
          el("td", { colspan: 2, text: `Yes ${tally.Yes} · No ${tally.No} · Abstain ${tally.Abstain}` }))),
      senate.rejected.length ? el("div", { class: "muted", text: `Rejected this turn: ${senate.rejected.join("; ")}` }) : null,
      senate.seduction ? el("div", { text: `Seduction: ${senate.seduction.persuader} seduces ${senate.seduction.target}, number ${senate.seduction.number}` }) : null,
      senate.suffete_for_life ? el("div", { text: `Suffete for Life: ${senate.suffete_for_life}` }) : null);
  }

  // -- the factions -------------------------------------------------------------------------

  function senatorCard(senator, faction, moves, ctx) {
    const leader = faction.leader === senator.id;
    const card = el("div", { class: "roc-senator" + (leader ? " leader" : ""), "data-senator": senator.name, "data-tip": senatorTip(senator, leader) },
      el("div", { class: "roc-card-head" }, leader ? el("span", { class: "roc-star", text: "★" }) : null,
        el("strong", { text: senator.name }), senator.liable ? el("span", { class: "roc-liable", text: "⚖" }) : null),
      el("div", { class: "roc-stats" }, STATS.map(([key, short]) => el("span", {}, el("i", { text: short }), String(senator[key]))),
        el("span", { class: "roc-money" }, `${senator.talents}T`)),
      senator.office ? el("div", { class: "roc-office", text: senator.office }) : null,
      senator.province ? el("div", { class: "roc-province", text: `gov. ${senator.province}` }) : null,
      senator.place !== "Carthage" && senator.place !== "governor" ? el("div", { class: "muted", text: senator.place }) : null,
      senator.concessions.length ? el("div", { class: "roc-concessions", text: senator.concessions.join(", ") }) : null);
    return clickable(card, moves.naming(senator.name), ctx);
  }

  function handCard(name, moves, ctx) {
    const card = data.hand[name];
    // A Statesman drawn to hand is named by his card number (e.g. 2B).
    const statesman = card ? null : data.statesmen[name];
    const tip = statesman ? `${statesman.name} (Statesman ${name}), in hand: may be played onto his family's Senator.\nM ${statesman.mil} O ${statesman.ora} E ${statesman.exp} L ${statesman.loy} I ${statesman.inf}\n${statesman.special || ""}` : handTip(name);
    return clickable(el("div", { class: `roc-hand-card kind-${card ? card.kind : "statesman"}`, "data-card": name, "data-tip": tip.trim() },
      el("div", { class: "roc-card-kind", text: card ? card.kind : statesman ? `statesman ${name}` : "card" }),
      el("strong", { text: statesman ? statesman.name : name })), moves.naming(name), ctx);
  }

  function factionPanel(view, faction, index, moves, ctx) {
    const o = view.observation;
    const own = view.viewer === index;
    const traders = faction.senators.filter((s) => s.place !== "exile").reduce((n, s) => n + s.traders, 0);
    const head = el("div", { class: "roc-faction-head" },
      el("strong", { text: faction.name + (own ? " (you)" : "") }),
      faction.role ? el("span", { class: "roc-badge", "data-tip": `A Neutral faction played by the rules (its role: ${faction.role}); its hand is open.`, text: faction.role }) : null,
      el("span", { "data-tip": "Faction Treasury: face down, seen only by its owner.", text: faction.treasury === null ? "treasury hidden" : `treasury ${faction.treasury}T` }),
      el("span", { "data-tip": "Cards in hand (Intrigues, Laws, Concessions).", text: `hand ${faction.hand_size}` }),
      el("span", { "data-tip": "Trade cards held (their backs show which stack they came from).", text: `trade ${faction.trade_backs.reduce((a, b) => a + b, 0)}` }),
      el("span", { "data-tip": "Votes in Carthage this turn.", text: `votes ${o.votes[faction.name] ?? 0}` }),
      el("span", { "data-tip": "Warehouse limit: Trade cards kept after the Trade Phase (one per Trader).", text: `warehouses ${traders}` }));
    clickable(head, moves.naming(faction.name), ctx);
    const hand = faction.hand && (own || !faction.human)
      ? el("div", { class: "roc-hand" }, faction.hand.length ? faction.hand.map((name) => handCard(name, moves, ctx)) : el("span", { class: "muted", text: "no cards in hand" }))
      : null;
    return el("section", { class: "panel roc-faction" + (own ? " own" : "") + (view.to_move === index ? " to-move" : ""), "data-faction": faction.name },
      head, el("div", { class: "roc-senators" }, faction.senators.map((s) => senatorCard(s, faction, moves, ctx))), hand);
  }

  // -- wars, Forum, trade ---------------------------------------------------------------------

  function warsBoard(view, moves, ctx) {
    const o = view.observation;
    const order = ["active", "unprosecuted", "inactive", "lost", "defeated"];
    const wars = [...o.wars].sort((a, b) => order.indexOf(a.status) - order.indexOf(b.status));
    return el("section", { class: "panel roc-wars", id: "roc-wars" }, el("h3", { text: "Wars" }),
      wars.length ? el("div", { class: "roc-row" }, wars.map((war) => {
        const card = data.wars[war.id] || {};
        const forces = o.in_the_field.filter((f) => f.target === war.war);
        return clickable(el("div", { class: `roc-war status-${war.status}`, "data-war": war.war, "data-tip": warTip(war) },
          el("div", { class: "roc-card-kind", text: war.status }), el("strong", { text: war.war }),
          el("div", {}, `land ${war.land} · naval ${war.naval}`, war.matching > 1 ? el("span", { class: "roc-badge", text: `×${war.matching}` }) : null),
          war.leaders.length ? el("div", { class: "roc-leader", text: war.leaders.join(", ") }) : null,
          el("div", { class: "muted", text: `Disaster ${card.disaster} · Standoff ${card.standoff}` }),
          forces.map((f) => el("div", { class: "roc-force" }, `${f.commanders.join(", ") || "no commander"}: `,
            Object.entries(f.units).map(([u, n]) => `${u} ${n}`).join(", ")))), moves.naming(war.war), ctx);
      })) : el("p", { class: "muted", text: "No war on the board." }),
      o.enemy_leaders.length ? el("div", {}, "Enemy Leaders: ", o.enemy_leaders.map((l) => {
        const printed = data.leaders[l.leader] || {};
        return el("span", { class: "roc-chip", "data-tip": `${l.leader} (${l.status}): adds ${printed.strength} to ${printed.family} wars; Disaster ${printed.disaster}, Standoff ${printed.standoff}.` }, `${l.leader} (${l.status})`);
      })) : null,
      o.captives.length ? el("div", { text: "Captives: " + o.captives.map((c) => `${c.captive} held by the ${c.held_by}`).join("; ") }) : null,
      o.generals.length ? el("div", { text: `Generals: ${o.generals.join(", ")}` }) : null,
      o.rebellion ? el("div", { class: "error", text: `Revolt of ${o.rebellion.faction}: ${o.rebellion.rebels.join(", ")}` }) : null);
  }

  function forumPanel(view, moves, ctx) {
    const o = view.observation;
    return el("section", { class: "panel roc-forum", id: "roc-forum" }, el("h3", { text: "The Forum" }),
      el("div", { class: "roc-row" },
        o.forum.map((name) => clickable(el("div", { class: "roc-forum-card", "data-card": name, "data-tip": forumTip(name) }, name), moves.naming(name), ctx)),
        o.forum_face_down ? el("div", { class: "roc-forum-card back", "data-tip": "Cards lying face down in the Forum: each may turn up later.", text: `${o.forum_face_down} face down` }) : null,
        !o.forum.length && !o.forum_face_down ? el("span", { class: "muted", text: "empty" }) : null),
      o.table_events.length ? el("div", {}, "Table Events: ", o.table_events.map((e) => {
        const printed = data.events[e.event] || {};
        return el("span", { class: "roc-chip", "data-tip": `${e.event}: ${printed.text || ""}${e.upside_down ? `\nDrawn again: ${printed.repeat || ""}` : ""}` }, e.event + (e.upside_down ? " (again)" : ""));
      })) : null,
      o.explorations.length ? el("div", {}, "Explorations: ", o.explorations.map((name) => clickable(el("span", { class: "roc-chip", "data-tip": `${name}: an exploration a force may be sent on.` }, name), moves.naming(name), ctx))) : null,
      o.initiative ? el("div", { text: `Initiative ${o.initiatives_taken}: ${o.initiative}` }) : null,
      o.persuasion ? el("div", { id: "roc-persuasion", text: `Persuasion: ${o.persuasion.persuader} → ${o.persuasion.target}, number ${o.persuasion.number} (round ${o.persuasion.round})` }) : null,
      o.auction ? el("div", { text: `Best bid ${o.auction.bid}T by ${o.auction.bidder}` }) : null,
      o.cards_in_force.length ? el("div", { class: "muted", text: `In force: ${o.cards_in_force.join(", ")}` }) : null);
  }

  function tradePanel(view, moves, ctx) {
    const o = view.observation;
    const own = view.viewer === null ? null : o.factions[view.viewer];
    const stacks = el("div", { class: "roc-stacks" }, o.stacks.map((height, i) => {
      const stack = data.stacks[i];
      const goods = stack.commodities.map((g) => g.name).join(" / ");
      return el("div", { class: "roc-stack", "data-stack": i + 1, "data-tip": `Stack ${i + 1}: ${goods}, each card worth ${i + 1}T; a set of n cards sells for n×n×${i + 1}T. ${height} cards left.` },
        el("b", { text: String(i + 1) }), ` ${goods} `, el("span", { class: "roc-height", text: String(height) }));
    }));
    let sets = null;
    if (own && own.trade_cards) {
      const counts = {};
      for (const name of own.trade_cards) counts[name] = (counts[name] || 0) + 1;
      const rows = Object.entries(counts).map(([name, n]) => {
        const value = n * n * data.commodities[name].value;
        const tax = Math.ceil((value * o.tax_rate) / 100);
        return clickable(el("div", { class: "roc-set", "data-commodity": name, "data-tip": `${n} ${name}: sold together for ${n}×${n}×${data.commodities[name].value} = ${value}T, less ${tax}T tax at ${o.tax_rate}%.` },
          el("strong", { text: `${n} ${name}` }), ` sells for ${value - tax}T`), moves.naming(name), ctx);
      });
      const traders = own.senators.filter((s) => s.place !== "exile").reduce((a, s) => a + s.traders, 0);
      sets = el("div", {}, el("div", {}, `Your Trade cards (warehouse limit ${traders}): `), rows.length ? el("div", { class: "roc-row" }, rows) : el("span", { class: "muted", text: "none" }));
    }
    const offer = o.offer ? el("div", { id: "roc-offer" }, `Offer ${o.offer.from} → ${o.offer.to}: `,
      `${plural(o.offer.offer.cards, "card")}${o.offer.offer.claim ? ` said to be ${o.offer.offer.claim}` : ""}`,
      o.offer.offer.contents ? ` (${o.offer.offer.contents.join(", ")})` : "",
      o.offer.counter ? ` for ${plural(o.offer.counter.cards, "card")}${o.offer.counter.claim ? ` said to be ${o.offer.counter.claim}` : ""}` : "") : null;
    const handOffer = o.hand_offer ? el("div", {}, `Hand cards offered ${o.hand_offer.from} → ${o.hand_offer.to}: ${o.hand_offer.cards_given} given, ${o.hand_offer.cards_asked} asked`
      + (o.hand_offer.given ? ` (${o.hand_offer.given.join(", ")})` : "")) : null;
    return el("section", { class: "panel roc-trade", id: "roc-trade" }, el("h3", { text: "Trade" }), stacks, sets, offer, handOffer,
      el("div", { class: "muted", text: `Trade Fleets ${o.trade_fleets} · Caravans ${o.caravans} · removed cards ${o.removed_trade_cards}` }));
  }

  function officesPanel(view, moves, ctx) {
    const o = view.observation;
    const provinces = o.provinces.filter((p) => p.status !== "not in play");
    return el("section", { class: "panel roc-offices", id: "roc-offices" }, el("h3", { text: "Offices and provinces" }),
      el("table", {}, o.offices.map((office) => el("tr", { "data-tip": `${office.office}${data.offices[office.office] && data.offices[office.office].committee ? ": a seat of the Committee of Five" : ""}${office.holder ? `, held by ${office.holder}` : ", vacant"}${office.term ? ` (${plural(office.term, "turn")} served)` : ""}.` },
        el("th", { text: office.office }), el("td", { text: office.holder || "vacant" }), el("td", { class: "muted", text: office.term ? `term ${office.term}` : "" })))),
      el("table", {}, provinces.map((p) => {
        const printed = data.provinces[p.province] || {};
        const side = p.developed ? printed.developed : printed.undeveloped;
        return clickable(el("tr", { "data-province": p.province, "data-tip": `${p.province} (${p.developed ? "developed" : "undeveloped"}): ${p.status}; a Governor serves ${printed.term} turns.${side ? ` Revenue: State ${side.state}, Governor ${side.personal}.` : ""}` },
          el("th", { text: p.province }), el("td", { text: p.governor ? `${p.governor}, ${plural(p.term, "turn")} left` : p.status })), moves.naming(p.province), ctx);
      })));
  }

  // -- drawing -------------------------------------------------------------------------------

  function table(view, previous, ctx) {
    const o = view.observation;
    const moves = decision(view, ctx);
    const order = o.factions.map((_, i) => i);
    if (view.viewer !== null) order.sort((a, b) => (a === view.viewer ? -1 : b === view.viewer ? 1 : a - b));
    // Cards are drawn (and claim the actions naming them) before the decision box lists the rest.
    const factions = el("div", { class: "roc-factions", id: "roc-factions" }, order.map((i) => factionPanel(view, o.factions[i], i, moves, ctx)));
    const senate = senatePanel(view);
    // In the Combat Phase the wars board is what a player looks at: it comes up to the top.
    const combat = o.phase.startsWith("Exploration");
    const wars = warsBoard(view, moves, ctx);
    const lower = el("div", { class: "roc-lower" }, combat ? null : wars, forumPanel(view, moves, ctx), tradePanel(view, moves, ctx), officesPanel(view, moves, ctx));
    const root = el("div", { class: "roc", id: "roc" },
      stateStrip(view), prompt(view, moves, ctx), senate, combat ? wars : null, factions, lower, legend());
    Carthago.explainOnHover(root, TIP);
    return root;
  }

  function draw(container, view, previous, ctx) {
    dataFiles.ready(container, "laying out the table…", () => {
      Carthago.tipBox(TIP).hidden = true;
      container.replaceChildren(table(view, previous, ctx));
    });
  }

  Carthago.boards[GAME] = { draw };
})();

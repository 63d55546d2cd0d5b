// The carthago browser client: lobby, new game, play, watch and replay. Plain JS, no build step.
// It only ever shows what the server sends for this seat; the server decides what is legal.
"use strict";

const Carthago = (() => {
  const boards = {};

  function el(tag, attrs = {}, ...children) {
    const node = tag.startsWith("svg:")
      ? document.createElementNS("http://www.w3.org/2000/svg", tag.slice(4))
      : document.createElement(tag);
    for (const [key, value] of Object.entries(attrs)) {
      if (value === null || value === undefined || value === false) continue;
      if (key.startsWith("on")) node.addEventListener(key.slice(2), value);
      else if (key === "text") node.textContent = value;
      else node.setAttribute(key, value === true ? "" : value);
    }
    for (const child of children.flat(Infinity)) {
      if (child === null || child === undefined || child === false) continue;
      node.append(child instanceof Node ? child : document.createTextNode(String(child)));
    }
    return node;
  }

  // A board's printed components: the game's data files (GET /api/data/<game>), fetched once per
  // page and handed to `keep`, which shapes them into what the board draws from. `ready` paints
  // at once when they are here; until then the container says what is being laid out.
  function printedComponents(game, keep) {
    let loaded = false;
    let request = null;
    function ready(container, waiting, paint) {
      if (loaded) { paint(); return; }
      container.replaceChildren(el("p", { text: waiting }));
      request = request || fetch(`/api/data/${game}`).then((r) => r.json())
        .then((answer) => { keep(answer.files); loaded = true; });
      request.then(() => { if (container.isConnected) paint(); });
    }
    return { ready };
  }

  function requestId() {
    const bytes = new Uint8Array(16);
    crypto.getRandomValues(bytes);
    return Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
  }

  async function api(method, path, body, token) {
    const headers = {};
    if (body !== undefined) headers["Content-Type"] = "application/json";
    if (token) headers["X-Seat-Token"] = token;
    let response;
    try {
      response = await fetch(path, {
        method,
        headers,
        body: body === undefined ? undefined : typeof body === "string" ? body : JSON.stringify(body),
      });
    } catch (_) {
      // The browser's own words ("Failed to fetch") say nothing to a player.
      const error = new Error("the server cannot be reached");
      error.offline = true;
      throw error;
    }
    let data = null;
    try { data = await response.json(); } catch (_) { data = null; }
    if (!response.ok) {
      const error = new Error((data && data.error) || `the server answered ${response.status}`);
      error.status = response.status;
      throw error;
    }
    return data;
  }

  // Games this browser has a seat in, so a player can leave and come back.
  const myGames = {
    key: "carthago.games",
    all() {
      try { return JSON.parse(localStorage.getItem(this.key) || "[]"); } catch (_) { return []; }
    },
    remember(entry) {
      const games = this.all().filter((g) => !(g.id === entry.id && g.seat === entry.seat));
      games.unshift(entry);
      localStorage.setItem(this.key, JSON.stringify(games.slice(0, 50)));
    },
    token(id) {
      const found = this.all().find((g) => g.id === id);
      return found ? found.token : null;
    },
  };

  function words(text) { return String(text).toLowerCase(); }

  // The legal actions whose notation names ``name``: what clicking that thing on the board offers.
  function actionsNaming(legal, name) {
    const wanted = words(name);
    return legal.filter((entry) => {
      const text = words(entry.notation);
      let at = text.indexOf(wanted);
      while (at >= 0) {
        const before = at === 0 ? " " : text[at - 1];
        const after = text[at + wanted.length] || " ";
        if (!/[a-z0-9]/.test(before) && !/[a-z0-9]/.test(after)) return true;
        at = text.indexOf(wanted, at + 1);
      }
      return false;
    });
  }

  function hideMenu() { document.getElementById("menu").hidden = true; }
  document.addEventListener("click", (event) => {
    const menu = document.getElementById("menu");
    if (menu && !menu.contains(event.target) && !event.target.closest("[data-offers]")) hideMenu();
  });

  function showMenu(entries, event, act) {
    const menu = document.getElementById("menu");
    menu.replaceChildren(
      el("div", { class: "muted", text: "Choose:" }),
      ...entries.map((entry) => el("button", {
        class: "act", "data-notation": entry.notation,
        onclick: () => { hideMenu(); act(entry.action); },
      }, entry.notation)),
      el("button", { onclick: hideMenu }, "cancel"),
    );
    menu.style.left = `${event.pageX + 6}px`;
    menu.style.top = `${event.pageY + 6}px`;
    menu.hidden = false;
  }

  // -- explanations on hover or tap: any element with a data-tip explains itself ------------

  function tipBox(id) {
    let tip = document.getElementById(id);
    if (!tip) {
      tip = el("div", { id, class: "tip", role: "tooltip", hidden: true });
      document.body.append(tip);
      document.addEventListener("pointerdown", (event) => { if (!event.target.closest("[data-tip]")) tip.hidden = true; });
    }
    return tip;
  }

  function showTip(target, id) {
    const tip = tipBox(id);
    tip.textContent = target.getAttribute("data-tip");
    tip.hidden = false;
    const rect = target.getBoundingClientRect();
    const width = Math.min(340, window.innerWidth - 16);
    tip.style.maxWidth = `${width}px`;
    tip.style.left = `${Math.max(8, Math.min(rect.left, window.innerWidth - width - 8))}px`;
    const below = rect.bottom + 6;
    tip.style.top = `${below + tip.offsetHeight < window.innerHeight ? below : Math.max(8, rect.top - tip.offsetHeight - 6)}px`;
  }

  function explainOnHover(root, id) {
    root.addEventListener("mouseover", (event) => {
      const target = event.target.closest("[data-tip]");
      if (target) showTip(target, id);
    });
    root.addEventListener("mouseleave", () => { tipBox(id).hidden = true; });
    root.addEventListener("pointerdown", (event) => {
      const target = event.target.closest("[data-tip]");
      if (target && event.pointerType !== "mouse") showTip(target, id);
    });
  }

  // -- home: new game, lobby, my games, uploaded records ----------------------------------

  async function home(root) {
    const catalogue = await api("GET", "/api/catalogue");
    const created = el("div");
    const form = newGameForm(catalogue, created);
    const lobbyBox = el("div", {}, "loading…");
    root.replaceChildren(
      el("div", { class: "columns" },
        el("section", { class: "panel", id: "new-game" }, el("h2", { text: "New game" }), form, created),
        el("div", {},
          el("section", { class: "panel", id: "lobby" },
            el("h2", { text: "Lobby: games waiting for a player" }), lobbyBox),
          el("section", { class: "panel", id: "my-games" },
            el("h2", { text: "Your games" }), myGamesList()),
          el("section", { class: "panel", id: "upload" },
            el("h2", { text: "Watch a record" }), uploadForm())),
      ),
    );
    const refresh = async () => {
      if (!lobbyBox.isConnected) return;
      try { lobbyBox.replaceChildren(lobbyTable(await api("GET", "/api/lobby"))); }
      catch (error) { lobbyBox.replaceChildren(el("span", { class: "error", text: error.message })); }
      setTimeout(refresh, 5000);
    };
    refresh();
  }

  function newGameForm(catalogue, created) {
    const gameSelect = el("select", { id: "game-select", name: "game" },
      catalogue.games.map((g) => el("option", { value: g.name }, g.title + (g.complete ? "" : " (incomplete)"))));
    const optionsBox = el("div", { id: "game-options" });
    const seatsBox = el("div", { id: "game-seats" });
    const listed = el("input", { type: "checkbox", id: "listed", checked: true });
    const hints = el("input", { type: "checkbox", id: "hints", checked: true });
    const message = el("div", { class: "error" });
    const fill = () => {
      const game = catalogue.games.find((g) => g.name === gameSelect.value);
      optionsBox.replaceChildren(...game.options.map((option) => {
        let input;
        if (option.choices.length) {
          input = el("select", { name: option.name },
            option.choices.map((c) => el("option", { value: String(c), selected: c === option.default }, String(c))));
        } else if (typeof option.default === "boolean") {
          input = el("input", { type: "checkbox", name: option.name, checked: option.default });
        } else {
          input = el("input", {
            name: option.name, value: String(option.default),
            type: typeof option.default === "number" ? "number" : "text",
            min: option.minimum, max: option.maximum,
          });
        }
        return el("label", { title: option.help }, el("span", { class: "name", text: option.name }), input,
          option.help ? el("span", { class: "muted" }, " ", option.help) : null);
      }));
      seatsBox.replaceChildren();  // another game: its seats start afresh
      drawSeats(game.players);
    };
    // A computer seat starts at the terminal's default level, where this server offers it.
    const defaultComputer = (catalogue.computers.find((c) => c.name === catalogue.default_level) || catalogue.computers[0]).spec;
    // Redrawn when an option changes the seats: a seat still there keeps what was chosen for it
    // (the server's answer may come after the person has already picked the seats).
    const drawSeats = (players) => {
      const chosen = Array.from(seatsBox.querySelectorAll("select"), (s) => s.value);
      const wanted = (seat, value) => (seat < chosen.length
        ? chosen[seat] === value
        : value === "human" ? seat === 0 : seat > 0 && value === defaultComputer);
      seatsBox.replaceChildren(...players.map((player, seat) => el("label", {},
        el("span", { class: "name", text: player }),
        el("select", { name: `seat-${seat}`, "data-seat": seat },
          el("option", { value: "human", selected: wanted(seat, "human"), title: "you, or a friend you send the seat's link to" }, "a person (by link)"),
          el("option", { value: "public", selected: wanted(seat, "public"), title: "anyone who finds the game in the lobby" }, "anyone from the lobby"),
          catalogue.computers.map((c) => el("option", { value: c.spec, title: c.summary, selected: wanted(seat, c.spec) },
            `computer: ${c.name}`))))));
    };
    const readOptions = () => {
      const options = {};
      for (const input of optionsBox.querySelectorAll("[name]")) {
        options[input.name] = input.type === "checkbox" ? input.checked
          : input.type === "number" ? Number(input.value) : input.value;
      }
      return options;
    };
    // Some options change the seats (how many players): ask the server for them again.
    optionsBox.addEventListener("change", async () => {
      message.textContent = "";
      try {
        const answer = await api("POST", "/api/players", { game: gameSelect.value, options: readOptions() });
        drawSeats(answer.players);
      } catch (error) { message.textContent = error.message; }
    });
    gameSelect.addEventListener("change", fill);
    const preferred = catalogue.games.find((g) => g.name === "punica");
    if (preferred) gameSelect.value = "punica";
    fill();
    const start = async (event) => {
      event.preventDefault();
      message.textContent = "";
      const options = readOptions();
      const choices = Array.from(seatsBox.querySelectorAll("select"), (s) => s.value);
      // A seat for anyone is a person's seat the server opens to the public.
      const seats = choices.map((choice) => choice === "public" ? "human" : choice);
      const open = choices.flatMap((choice, seat) => choice === "public" ? [seat] : []);
      try {
        const game = await api("POST", "/api/games", { game: gameSelect.value, options, seats, public: open, listed: listed.checked, hints: hints.checked });
        const info = catalogue.games.find((g) => g.name === gameSelect.value);
        showCreated(created, game, info);
      } catch (error) { message.textContent = error.message; }
    };
    return el("form", { onsubmit: start },
      el("label", {}, el("span", { class: "name", text: "Game" }), gameSelect),
      el("h3", { text: "Options" }), optionsBox,
      el("h3", { text: "Seats" }), seatsBox,
      el("p", { class: "muted", text: `The first person's seat is yours. Computer players think at most ${catalogue.max_think_seconds} s a move here.` }),
      el("label", {}, listed, " list in the lobby while a seat for anyone is free"),
      el("label", {}, hints, " allow hints (\u201cwhat would the computer do?\u201d)"),
      el("button", { class: "primary", type: "submit", id: "start" }, "Start"), message);
  }

  function showCreated(box, game, info) {
    const origin = location.origin;
    box.replaceChildren(el("div", { class: "notice", id: "created" },
      el("h3", { text: "Game created" }),
      el("p", { text: "Each link opens one seat: keep yours, send the others to your friends. Anyone with a link plays that seat." }),
      Object.entries(game.links).map(([seat, link]) => el("p", {},
        el("strong", { text: info.players[seat] + (Number(seat) === game.creator_seat ? " (your seat)" : " (send to a friend)") }), " ",
        el("code", { class: "link", text: origin + link }), " ",
        el("a", { href: link, class: "play-seat", "data-seat": seat }, el("button", {}, `play as ${info.players[seat]}`)))),
      el("p", {}, el("strong", { text: "Spectators" }), " ", el("code", { class: "link", text: origin + game.spectator }),
        " ", el("a", { href: game.spectator }, el("button", {}, "watch")))));
  }

  function lobbyTable(data) {
    if (!data.games.length) return el("p", { class: "muted", text: "No game is waiting for a player right now." });
    return el("table", { class: "list" },
      el("tr", {}, el("th", { text: "game" }), el("th", { text: "seats" }), el("th", { text: "join" })),
      data.games.map((g) => el("tr", { "data-game": g.id },
        el("td", {}, g.title, el("div", { class: "muted", text: optionsText(g.options) })),
        el("td", {}, g.players.map((p) => `${p.name}: ${p.agent === "human" ? (p.claimed ? "taken" : "free") : "computer " + p.label}`).join(", ")),
        el("td", {}, g.free_seats.map((seat) => el("button", {
          class: "join",
          onclick: async () => {
            const joined = await api("POST", `/api/games/${g.id}/join`, { seat });
            location.href = joined.link;
          },
        }, `join as ${g.players[seat].name}`))))));
  }

  function optionsText(options) {
    return Object.entries(options).map(([k, v]) => `${k}=${v}`).join(", ");
  }

  function myGamesList() {
    const games = myGames.all();
    if (!games.length) return el("p", { class: "muted", text: "Games you play in this browser appear here." });
    return el("ul", {}, games.map((g) => el("li", {},
      el("a", { href: `/play/${g.id}#token=${g.token}` }, `${g.title} as ${g.seatName}`),
      el("span", { class: "muted", text: ` (${g.id})` }))));
  }

  function uploadForm() {
    const file = el("input", { type: "file", accept: ".json,application/json", id: "record-file" });
    const message = el("div", { class: "error" });
    return el("div", {}, el("p", { class: "muted", text: "Upload a game record (JSON) to watch it move by move." }),
      file, el("button", {
        id: "upload-record",
        onclick: async () => {
          message.textContent = "";
          if (!file.files.length) { message.textContent = "choose a record file first"; return; }
          try {
            const uploaded = await api("POST", "/api/records", await file.files[0].text());
            location.href = uploaded.link;
          } catch (error) { message.textContent = error.message; }
        },
      }, "watch"), message);
  }

  // -- playing and watching ----------------------------------------------------------------

  function play(root, gameId, token) {
    const session = { gameId, token, view: null, previous: null, pending: null, socket: null, error: "", offline: false, hint: null };
    const container = el("div", { id: "game" }, "connecting…");
    root.replaceChildren(container);

    // Asks the server's search for this seat's best moves (from what the seat knows only).
    const askHint = async () => {
      const move = session.view.move;
      session.hint = { move, waiting: true, started: Date.now() };
      render();
      try {
        const answer = await api("GET", `/api/games/${gameId}/hints`, undefined, token);
        if (session.view.move === answer.move) session.hint = { move: answer.move, hints: answer.hints };
      } catch (error) {
        session.hint = { move, error: error.message };
      }
      render();
    };

    // The seconds a computer has been thinking tick without redrawing the page.
    const ticker = setInterval(() => {
      if (!container.isConnected) { clearInterval(ticker); return; }
      for (const node of container.querySelectorAll("[data-since]")) tick(node);
    }, 250);

    // A move is in flight until its reply comes; a second click on the same position is dropped
    // (it was a double click), but once the new position has come over the socket, it counts.
    const waiting = () => session.pending !== null && session.pending === session.view.move;
    const act = async (action) => {
      if (waiting() || session.offline) return;
      const move = session.view.move;
      session.pending = move;
      session.error = "";
      render();
      try {
        const result = await api("POST", `/api/games/${gameId}/actions`,
          { action, request_id: requestId(), expected_move: session.view.move }, token);
        accept(result.view);
      } catch (error) {
        if (error.offline) lost();
        else {
          session.error = error.message;
          try { accept(await api("GET", `/api/games/${gameId}`, undefined, token), true); } catch (_) { /* shown below */ }
        }
      } finally {
        if (session.pending === move) session.pending = null;
        render();
      }
    };

    // "Pass until something needs me": held by the server, so it plays on while this page is shut.
    const follow = async (on) => {
      session.error = "";
      try {
        const result = await api("PUT", `/api/games/${gameId}/following`, { following: on }, token);
        accept(result.view, true);
      } catch (error) { session.error = error.message; render(); }
    };

    const accept = (view, force) => {
      if (session.view && view.move < session.view.move) return;
      if (session.view && view.move === session.view.move && !force) return;
      // Through a computer's run of moves the page compares with the position before the run,
      // so what it did shows all at once when it is done, not only its last step.
      const run = session.view && computerToMove(session.view) && session.previous && computerToMove(session.previous);
      if (!run) session.previous = session.view;
      session.view = view;
      if (session.hint && session.hint.move !== view.move) session.hint = null;
      if (token && view.viewer !== null) {
        myGames.remember({ id: gameId, seat: view.viewer, seatName: view.viewer_name, title: view.title, token });
      }
      render();
    };

    // Views can arrive faster than a big board draws (a computer's moves in a row): draw once a
    // frame, the latest view.
    let drawing = false;
    const render = () => {
      if (drawing) return;
      drawing = true;
      requestAnimationFrame(() => {
        drawing = false;
        const view = session.view;
        if (!view) return;
        container.replaceChildren(gameScreen(view, session.previous, {
          act, follow, abandon, pending: waiting(), error: session.error, live: true, offline: session.offline,
          hint: session.hint, askHint,
        }));
        for (const node of container.querySelectorAll("[data-since]")) tick(node);
      });
    };

    // While the server cannot be reached the page says so (not "your turn"), and looks again
    // every second until the server answers; the socket's own reconnection also ends it.
    const lost = () => {
      if (session.offline) return;
      session.offline = true;
      render();
      setTimeout(probe, 1000);
    };
    const probe = async () => {
      if (!session.offline || !container.isConnected) return;
      try { back(await api("GET", `/api/games/${gameId}`, undefined, token)); }
      catch (_) { setTimeout(probe, 1000); }
    };
    const back = (view) => {
      session.offline = false;
      session.error = "";
      accept(view, true);
    };

    const abandon = async () => {
      if (!confirm("Abandon this game for every player? Nobody can move in it afterwards.")) return;
      try {
        await api("POST", `/api/games/${gameId}/abandon`, undefined, token);
        accept(await api("GET", `/api/games/${gameId}`, undefined, token), true);
      } catch (error) { session.error = error.message; render(); }
    };

    const connect = () => {
      const scheme = location.protocol === "https:" ? "wss" : "ws";
      const socket = new WebSocket(`${scheme}://${location.host}/ws/games/${gameId}`);
      session.socket = socket;
      let fatal = false;
      socket.onopen = () => socket.send(JSON.stringify(token ? { token } : {}));
      socket.onmessage = (message) => {
        const data = JSON.parse(message.data);
        if (data.type === "view" && session.offline) back(data.view);
        else if (data.type === "view") accept(data.view);
        else if (data.type === "error") {
          fatal = true;
          container.replaceChildren(el("p", { class: "error", id: "fatal", text: data.error }),
            el("p", {}, el("a", { href: "/", text: "back to the lobby" })));
        }
      };
      socket.onclose = () => {
        if (fatal || !container.isConnected) return;
        lost();
        setTimeout(connect, 1000);
      };
    };
    connect();
  }

  function resultText(view) {
    const returns = view.observation.returns || [];
    const best = Math.max(...returns);
    const winners = view.players.filter((p, i) => returns[i] === best && best > Math.min(...returns));
    return winners.length ? `Game over: ${winners.map((p) => p.name).join(" and ")} won` : "Game over: a draw";
  }

  function turnText(view) {
    if (view.status === "abandoned") return "Abandoned by its creator";
    if (view.status === "finished" || view.to_move === -4) return resultText(view);
    if (view.to_move < 0) return "rolling…";
    const player = view.players[view.to_move];
    if (view.viewer === view.to_move) return `Your turn, ${player.name}`;
    return `${player.name} to move`;
  }

  // While a computer seat thinks: who, for how long (counted from the move that made it its
  // turn), and a bar towards its search budget when that is long.
  const LONG_THINK = 2;
  function thinking(view, live) {
    const player = live ? computerToMove(view) : null;
    if (!player) return null;
    const budget = player.think_seconds || 0;
    return el("span", { class: "thinking", id: "thinking", "data-since": view.updated, "data-budget": budget },
      el("span", { class: "spinner", "aria-hidden": "true" }),
      el("span", { class: "thinking-text", text: `${player.name} (computer ${player.label}) is thinking…` }),
      budget >= LONG_THINK ? el("span", { class: "thinking-bar", id: "thinking-bar" }, el("span", { class: "fill" })) : null);
  }

  function tick(node) {
    const seconds = Math.max(0, (Date.now() - Date.parse(node.dataset.since)) / 1000);
    const text = node.querySelector(".thinking-text");
    text.textContent = text.textContent.replace(/….*$/, `… ${seconds.toFixed(0)} s`);
    const fill = node.querySelector(".thinking-bar .fill");
    if (fill) fill.style.width = `${Math.min(100, (100 * seconds) / Number(node.dataset.budget))}%`;
  }

  function computerToMove(view) {
    const player = view.to_move >= 0 && view.status === "active" ? view.players[view.to_move] : null;
    return player && player.agent !== "human" ? player : null;
  }

  // What the computer just did, when the latest moves were a computer's.
  function computerMoved(view, previous) {
    if (!previous || previous.move === view.move) return null;
    return computerToMove(previous);
  }

  function viewerText(view, live) {
    if (!live) {
      if (view.viewer === null) return "public view";
      const player = view.players[view.viewer];
      return `as ${player ? player.name : "seat " + view.viewer} saw it`;
    }
    return view.viewer === null ? "watching (public view)" : `you play ${view.viewer_name}`;
  }

  const BANNER_LINES = 3;

  function freshLog(view, previous) {
    const log = view.observation.log || [];
    if (!previous || previous.viewer !== view.viewer) return { log, fresh: 0 };
    const before = (previous.observation.log || []).length;
    return { log, fresh: Math.max(0, log.length - before) };
  }

  function gameScreen(view, previous, ctx) {
    const mine = view.viewer !== null && view.viewer === view.to_move && view.status !== "abandoned";
    const { log, fresh } = freshLog(view, previous);
    const boardCtx = {
      live: ctx.live,
      pending: Boolean(ctx.pending),
      legal: ctx.live ? view.legal : [],
      act: ctx.act,
      follow: ctx.follow,
      actionsNaming: (name) => actionsNaming(ctx.live ? view.legal : [], name),
      offer: (entries, event) => {
        if (!entries.length || ctx.pending) return;
        if (entries.length === 1) ctx.act(entries[0].action);
        else showMenu(entries, event, ctx.act);
      },
      el,
    };
    const renderer = boards[view.game] || boards.generic;
    const board = el("div", { class: "board", id: "board" });
    renderer.draw(board, view, previous, boardCtx);
    const status = el("div", { class: "status-bar" },
      el("h1", { text: view.title }),
      el("span", { class: "muted", text: optionsText(view.options) }),
      ctx.offline
        ? el("span", { class: "turn offline", id: "turn", "data-move": view.move, text: "Disconnected, reconnecting…" })
        : el("span", { class: "turn" + (mine ? " mine" : ""), id: "turn", "data-move": view.move, text: turnText(view) }),
      ctx.offline ? null : thinking(view, ctx.live),
      el("span", { id: "viewer", text: viewerText(view, ctx.live) }),
      el("span", { class: "muted", text: `move ${view.move}` }),
      el("span", {}, view.players.map((p) => el("span", {
        class: "seat-chip" + (p.seat === view.to_move ? " to-move" : ""),
        text: `${p.name}: ${p.agent === "human" ? "person" : "computer " + p.label}`,
        title: p.agent === "human" ? null : p.agent,
      }))));
    const mover = ctx.live ? computerMoved(view, previous) : null;
    // A long computer turn (a De Bello Punico impulse) logs dozens of lines: the banner names
    // the last few and points to the log, where every fresh line is marked.
    const shownFresh = Math.min(fresh, BANNER_LINES);
    const lastEvent = el("div", { class: "last-event" + (mover && fresh ? " computer-move" : ""), id: "last-event" },
      fresh ? el("span", { class: "fresh" },
        mover ? el("strong", { text: `${mover.name} (computer) did: ` }) : null,
        fresh > shownFresh ? el("em", { text: `${fresh - shownFresh} earlier in the log · ` }) : null,
        log.slice(log.length - shownFresh).join(" · ")) : "");
    const side = el("aside", {},
      ctx.live ? actionsPanel(view, ctx) : null,
      el("section", { class: "panel" }, el("h2", { text: "Log" }),
        el("ol", { class: "log", id: "log" },
          log.map((line, i) => el("li", { class: i >= log.length - fresh ? "fresh" : null, text: line }))),
        playedForYou(view)),
      ctx.live ? linksPanel(view, ctx) : null);
    const screen = el("div", {},
      status, lastEvent,
      ctx.offline ? el("p", { class: "notice", id: "connection", text: "Disconnected from the server, reconnecting… Your game is safe; moves can be made again once it is back." }) : null,
      ctx.error ? el("p", { class: "error", id: "error", text: ctx.error }) : null,
      el("div", { class: "play" }, el("section", {}, board), side));
    requestAnimationFrame(() => {
      const list = screen.querySelector("#log");
      if (list) list.scrollTop = list.scrollHeight;
    });
    return screen;
  }

  // The moves the server made for this seat (one possible choice, or passing while it follows).
  function playedForYou(view) {
    const played = view.played_for_you || [];
    if (!played.length) return null;
    return el("div", { id: "played-for-you" }, el("h3", { text: "Played for you" }),
      el("ol", { class: "log" }, played.map((entry) => el("li", { value: entry.move + 1, text: entry.notation }))));
  }

  function actionsPanel(view, ctx) {
    const panel = el("section", { class: "panel actions", id: "actions" }, el("h2", { text: "Your move" }));
    if (view.viewer === null) {
      panel.replaceChildren(el("h2", { text: "Spectating" }), el("p", { class: "muted", text: "You see what every spectator sees: the public view." }));
      return panel;
    }
    if (!view.legal.length) {
      panel.append(el("p", { class: "muted", text: { finished: "The game is over.", abandoned: "Its creator abandoned the game." }[view.status] || "Waiting for the other side." }));
      return panel;
    }
    const filter = el("input", { type: "search", placeholder: "filter actions…", id: "action-filter" });
    const hints = ctx.hint && ctx.hint.hints ? ctx.hint.hints : [];
    const rank = (action) => hints.findIndex((h) => h.action === action);
    const list = el("div", {}, view.legal.map((entry) => el("button", {
      class: "act" + (rank(entry.action) >= 0 ? " hinted" : ""), "data-action": entry.action, "data-notation": entry.notation,
      "data-hint": rank(entry.action) >= 0 ? rank(entry.action) + 1 : null,
      disabled: ctx.pending || ctx.offline, onclick: () => ctx.act(entry.action),
    }, entry.notation)));
    if (view.hints) panel.append(hintBox(ctx));
    filter.addEventListener("input", () => {
      const wanted = filter.value.toLowerCase();
      for (const button of list.children) button.hidden = !button.textContent.toLowerCase().includes(wanted);
    });
    panel.append(el("div", {}, el("p", { class: "muted", text: "Click the board or a card, or pick from the list:" }),
      view.legal.length > 8 ? filter : null, list));
    return panel;
  }

  function hintBox(ctx) {
    const hint = ctx.hint;
    const box = el("div", { class: "hint-box", id: "hints" },
      el("button", { id: "hint-button", disabled: Boolean(hint && hint.waiting), onclick: ctx.askHint },
        "What would the computer do?"));
    if (!hint) return box;
    if (hint.waiting) {
      box.append(el("span", { class: "thinking", "data-since": new Date(hint.started).toISOString(), "data-budget": 0 },
        el("span", { class: "spinner", "aria-hidden": "true" }),
        el("span", { class: "thinking-text", text: "The computer is weighing your moves…" })));
    } else if (hint.error) {
      box.append(el("p", { class: "error", text: hint.error }));
    } else {
      box.append(el("p", { class: "muted", text: "Its best moves, from what you know (value: your average result in its search, −1 a loss to +1 a win):" }),
        el("ol", { class: "hint-list" }, hint.hints.map((h) => el("li", {},
          el("button", { class: "act hint", "data-action": h.action, disabled: ctx.pending, onclick: () => ctx.act(h.action) }, h.notation),
          el("span", { class: "muted", text: ` ${h.value >= 0 ? "+" : "−"}${Math.abs(h.value).toFixed(2)} (${h.playouts} playouts)` })))));
    }
    return box;
  }

  function linksPanel(view, ctx) {
    const finished = view.status === "finished";
    const abandonable = view.creator && view.status === "active";
    return el("section", { class: "panel", id: "links" }, el("h2", { text: "Links" }),
      el("p", {}, "Spectators: ", el("code", { class: "link", text: `${location.origin}/watch/${view.id}` })),
      el("p", {}, el("a", { href: `/replay/${view.id}`, id: "replay-link" }, finished ? "replay move by move" : "replay the public view so far")),
      finished ? el("p", {}, el("a", { href: `/api/games/${view.id}/record`, download: `${view.game}-${view.id}.json`, id: "download-record" }, "download the record")) : null,
      abandonable ? el("p", {}, el("button", { id: "abandon", onclick: ctx.abandon }, "abandon this game")) : null,
      el("p", {}, el("a", { href: "/" }, "lobby")));
  }

  // -- replays -----------------------------------------------------------------------------

  async function replay(root, source) {
    const token = source.kind === "game" ? myGames.token(source.id) : null;
    const base = source.kind === "game" ? `/api/games/${source.id}` : `/api/records/${source.id}`;
    const state = { step: 0, steps: 0, seat: "", previous: null, current: null, players: [], asked: 0 };
    const info = source.kind === "game"
      ? await api("GET", base, undefined, token)
      : { players: [], status: "finished" };
    const slider = el("input", { type: "range", min: 0, max: 0, value: 0, id: "replay-slider" });
    const seatSelect = el("select", { id: "replay-seat" });
    const position = el("span", { id: "replay-position" });
    const notation = el("div", { class: "last-event", id: "replay-notation" });
    const screen = el("div", {});
    const load = async (step) => {
      const query = `?step=${step}` + (state.seat === "" ? "" : `&seat=${state.seat}`);
      try {
        const asked = ++state.asked;
        const view = await api("GET", `${base}/replay${query}`, undefined, token);
        // Only the latest request is shown: an older answer arriving late (a seat changed, then
        // the slider moved) must not put the replay back where it was.
        if (asked !== state.asked) return;
        // Only a step forward has a "just happened": after a jump every line since the start
        // would be fresh, and the banner above the board would grow past the screen.
        const stepped = state.current && state.current.viewer === view.viewer && view.step === state.current.step + 1;
        state.previous = stepped ? state.current : null;
        state.current = view;
        state.step = view.step;
        state.steps = view.steps;
        slider.max = view.steps;
        slider.value = view.step;
        position.textContent = `step ${view.step} of ${view.steps}`;
        notation.replaceChildren(view.notation ? el("span", { class: "fresh", text: `move ${view.step}: ${view.notation}` }) : "");
        const players = view.players || info.players;
        if (!seatSelect.options.length) fillSeats(players, view);
        const shown = { ...view, id: source.id, move: view.step, legal: [], players: players.length ? players : [], status: "replay" };
        screen.replaceChildren(gameScreen(shown, state.previous ? { ...state.previous, viewer: view.viewer } : null, { live: false }));
      } catch (error) { notation.replaceChildren(el("span", { class: "error", text: error.message })); }
    };
    const fillSeats = (players, view) => {
      seatSelect.append(el("option", { value: "" }, "public view"));
      const open = source.kind === "record" || info.status === "finished";
      players.forEach((p, i) => {
        if (open || (info.viewer === i)) seatSelect.append(el("option", { value: String(i) }, `as ${p.name}`));
      });
      if (!players.length && view) seatSelect.disabled = true;
    };
    slider.addEventListener("input", () => load(Number(slider.value)));
    seatSelect.addEventListener("change", () => { state.seat = seatSelect.value; load(state.step); });
    const button = (label, id, target) => el("button", { id, onclick: () => load(Math.max(0, Math.min(state.steps, target()))) }, label);
    root.replaceChildren(el("section", { class: "panel" },
      el("h2", { text: source.kind === "game" ? "Replay" : "Uploaded record" }),
      info.status !== "finished" ? el("p", { class: "notice", text: "The game goes on: only the public view (and your own seat) can be replayed until it ends." }) : null,
      el("div", { class: "replay-controls" },
        button("|◀ start", "replay-first", () => 0), button("◀ back", "replay-prev", () => state.step - 1),
        slider, button("next ▶", "replay-next", () => state.step + 1), button("end ▶|", "replay-last", () => state.steps),
        position, seatSelect,
        source.kind === "game" && info.status === "finished" ? el("a", { href: `${base}/record`, download: "record.json" }, "download the record") : null),
      notation), screen);
    await load(0);
  }

  // -- routing -----------------------------------------------------------------------------

  async function route() {
    const root = document.getElementById("app");
    const parts = location.pathname.split("/").filter(Boolean);
    try {
      if (parts[0] === "play" && parts[1]) {
        const hash = new URLSearchParams(location.hash.slice(1));
        const token = hash.get("token") || myGames.token(parts[1]);
        play(root, parts[1], token);
      } else if (parts[0] === "watch" && parts[1]) {
        play(root, parts[1], null);
      } else if (parts[0] === "replay" && parts[1]) {
        await replay(root, { kind: "game", id: parts[1] });
      } else if (parts[0] === "record" && parts[1]) {
        await replay(root, { kind: "record", id: parts[1] });
      } else {
        await home(root);
      }
    } catch (error) {
      root.replaceChildren(el("p", { class: "error", id: "fatal", text: error.message }),
        el("p", {}, el("a", { href: "/", text: "back to the lobby" })));
    }
  }

  window.addEventListener("DOMContentLoaded", route);
  return { boards, el, actionsNaming, api, explainOnHover, printedComponents, tipBox };
})();

// The Stukolka table: draws the engine's view(seat) and sends its actions back as given.
// It reads the engine's state.view(seat) as it is (stukolka/stukolka/view.py), parses no action
// string and computes no rule: the choices are view.actions (the engine's describe_action of each
// legal action: its kind, cards, count, the words a button says and the words the table hears), a
// card's own action is hand[i].action, the status line says view.phase_words, the player limits are
// view.limits, why a card is refused is the engine's reason
// (hand[i].why, .rule and .refusal, the very message the engine answers when it is played), the
// money at the end is the engine's settlement ledger, and the session totals are the driver's
// sums of the engine's nets (view.live.session).  The settings panel offers what the engine's
// rules say (the driver's `settings`), and the engine refuses a combination it does not allow.
// A position's question (the directive's `:ask:`) and the Hint are questions.js's: the table only
// holds back its raised and dimmed cards (or its moves) while a "which may you play?" question is
// open, sends the marks there, and shows each option's value after a judgment question's choice.
// A class table (ctx.hint === false) has no Hint: the class server does not give one.
// Every word is the catalogue's, in the table's language (t = sayOf(ctx), live/i18n.js); the engine's
// words (phase_words, an action's words and said, a refusal, the ledger's lines) come in the same
// language, since the driver asks the engine in it.

import { announcer, h, ledgerBlock, money as moneyIn, paceControl, pacer, projector, ruleLink as link, sayOf } from "./common.js";
import { askOf, hintBox, judgmentPanel, legalQuestion } from "./questions.js";
import { taskList } from "./tasks.js";
import { sameDeal } from "./again.js";

// The variants and the violation modes are said by their names (table.stukolka-variant-<name>, -mode-<name>).
const POSITION = ["hands", "trump", "stock", "actions", "refuse"];


let COUNTER = 0;

export async function mount(root, ctx) {
  const { client, cards } = ctx;
  const t = sayOf(ctx), lang = t.lang;
  const money = (x, signed) => moneyIn(x, signed, lang);
  const known = (prefix, word) => (word && t.has(prefix + word) ? t(prefix + word) : word);   // an engine's value, said
  const uid = `${++COUNTER}-${ctx.reply.table}`;
  let table = ctx.reply.table, view = ctx.reply.view, fast = false, busy = false, width = 0;
  let selected = new Set(), shownFor = null;
  let touched = false;                 // focus follows the table only once the reader has used it
  let people = [...ctx.reply.view.live.people];
  let options = { ...ctx.setup.options };
  const isPosition = POSITION.some((k) => k in options);
  // seats are named as the engine numbers them, so the ledger's words and the table agree
  const name = (q) => (view.names && view.names[q]) || t(view.live.people.includes(q) ?
    (view.live.people.length > 1 ? "table.seat-name" : "table.seat-you") : "table.seat-bot", { n: q });
  const isPublic = !!ctx.public;        // a class table's projector: the public view, no hand, no choices

  root.classList.add("lt", "lt-stukolka");
  root.addEventListener("focusin", () => { touched = true; });
  const status = h("p", { class: "lt-status", role: "status", "aria-live": "polite" });
  const log = h("ol", { class: "lt-log", "aria-label": t("table.moves-aria") });
  const fileBox = h("input", { type: "file", id: `lt-load-${uid}`, accept: ".json,application/json", class: "lt-file",
    onchange: (e) => loadFile(e.target) });
  const toolbar = h("div", { class: "lt-toolbar", role: "group", "aria-label": t("table.controls-aria") },
    h("button", { type: "button", class: "lt-new", onclick: () => newDeal(options, people) }, t("table.new-deal")),
    h("button", { type: "button", class: "lt-save", onclick: save }, t("table.save-deal")),
    h("span", { class: "lt-loadbox" }, h("label", { for: `lt-load-${uid}`, class: "lt-load-label" }, t("table.load-record")), fileBox));
  const settings = h("details", { class: "lt-settings" });
  const oval = h("div", { class: "lt-oval", role: "group", "aria-label": t("table.card-table-aria") });
  const reason = h("p", { class: "lt-reason", id: `lt-reason-${uid}`, "aria-live": "polite" });
  const hand = h("div", { class: "lt-hand", role: "group", "aria-label": t("table.hand-aria"), tabindex: "-1", onkeydown: arrows });
  const actions = h("div", { class: "lt-actions", role: "group", "aria-label": t("table.choices-aria") });
  const lastTrick = h("details", { class: "lt-last" });
  const ledger = h("div", { class: "lt-ledger" });
  const sessionBox = h("div", { class: "lt-session" });
  const replay = h("div", { class: "lt-replay", role: "group", "aria-label": t("table.replay-aria") });
  let live = view, step = null;          // step: null = the live table, else the move a replay shows
  // the reason line comes after the hand and the choices: it grows when a card is focused, and a
  // card must not move under the pointer between the press and the release of a click
  // the dock holds the reason line, the hand and the choices: on a phone it stays at the bottom of the
  // screen, under the oval.  The reason line sits above the hand with room for two lines, so a focused
  // card's reason does not move the card under the pointer between the press and the release of a click
  // the position's question (questions.js) and the Hint: below the choices
  let ask = isPublic ? null : askOf(ctx), question = null, judged = false;
  const askBox = h("div", { class: "lt-ask" });
  const hints = hintBox(ctx);
  const hintButton = h("button", { type: "button", class: "lt-hint-button", "aria-label": t("table.hint-aria"),
    onclick: () => askHint() }, t("table.hint"));
  const hintRow = h("div", { class: "lt-hint-row", role: "group", "aria-label": t("table.advisor-aria") }, hintButton, hints.box);
  const dock = h("div", { class: "lt-dock" }, reason, hand, actions, askBox, hintRow);
  const tasks = taskList(ctx), again = sameDeal(ctx, () => ({ table, view: live, name }), (r, say) => { switchTo(r, say); focusHand(true); });
  root.replaceChildren(toolbar, settings, status, oval, dock, lastTrick, ledger, again.el, sessionBox, replay,
    h("details", { class: "lt-moves" }, h("summary", { text: t("table.all-moves") }), log));
  if (isPublic) dock.hidden = true;

  function cardPic(c, cls = "lt-card") {
    return h("span", { class: cls, html: c === null || c === undefined ? cards.back : cards.svg[c] });
  }

  function hidden() {                  // several people at one screen: the driver shows no hand until reveal
    return !isPublic && view.live.shared && view.live.public && view.live.waiting_for === "person";
  }

  // the status line: who is to act, and the phase in the engine's words (none in a public view, where they differ by seat)
  const toAct = (v) => (v.phase_words ? t("table.to-act-phase", { who: name(v.seat), phase: v.phase_words })
    : t("table.to-act", { who: name(v.seat) }));
  // a move in the engine's words as every seat may hear it (ActionInfo.said; a discard's cards stay unnamed)
  const said = (move) => move.said || t("table.moves-said");

  function seatXY(q, r) {            // the viewer sits at the bottom, the others round the oval
    const n = view.seats.length, a = Math.PI / 2 + ((q - view.seat + n) % n) * 2 * Math.PI / n;
    const w = oval.clientWidth, narrow = !w ? 1 : w < 520 ? 0.8 : w < 900 ? 0.87 : 1;   // seats stay inside
    return [50 + r * narrow * Math.cos(a), 50 + r * 0.92 * Math.sin(a)];
  }

  function drawOval() {
    oval.replaceChildren();
    const n = view.seats.length, secret = hidden();
    for (let q = 0; q < n; q++) {
      const [x, y] = seatXY(q, 44);
      const st = view.seats[q], decl = st.declaration;
      const roles = [known("table.stukolka-role-", st.role), t(view.live.people.includes(q) ? "table.role-person" : "table.role-bot")].filter(Boolean);
      const declared = known("table.stukolka-decl-", decl);
      const backs = h("span", { class: "lt-backs", "aria-hidden": "true" });
      const held = st.cards;
      if (q !== view.seat || !view.hand || secret) for (let i = 0; i < held; i++) backs.append(cardPic(null, "lt-back"));
      const seat = h("div", {
        class: "lt-seat" + (view.to_act === q ? " lt-to-act" : "") + (decl === "pass" ? " lt-passed" : ""),
        style: `left:${x}%;top:${y}%`, role: "group",
        "aria-label": t("table.stukolka-seat-aria", { who: name(q), roles: roles.join(t("table.list-sep")), balance: st.balance,
          decl: declared || t("table.stukolka-not-declared-aria"), tricks: st.tricks, held }) + (view.to_act === q ? t("table.stukolka-to-act-aria") : ""),
      },
        h("b", { text: name(q) }), h("small", { text: roles.join(" · ") }),
        h("span", { class: "lt-bal", text: t("table.stukolka-balance", { balance: st.balance }) }),
        h("span", { class: "lt-decl", text: declared ? declared : t("table.stukolka-not-declared") }),
        h("span", { class: "lt-won", text: t("table.stukolka-tricks", { tricks: st.tricks }) }), backs);
      oval.append(seat);
    }
    // a seat box taller than the rim's room stays inside the oval (and off the status line above it)
    const H = oval.clientHeight;
    if (H) for (const el of oval.querySelectorAll(".lt-seat")) {
      const half = el.offsetHeight / 2, y = el.offsetTop;
      if (y - half < 2) el.style.top = `${half + 2}px`;
      else if (y + half > H - 2) el.style.top = `${H - half - 2}px`;
    }
    const mid = h("div", { class: "lt-middle", role: "group", "aria-label": t("table.stukolka-middle-aria") });
    const tr = view.trump || {};
    if (tr.turned !== null && tr.turned !== undefined) mid.append(h("figure", {}, cardPic(tr.turned), h("figcaption", { text: t("table.stukolka-trump", { symbol: tr.symbol || "" }) })));
    else if (tr.symbol) mid.append(h("figure", {}, h("span", { class: "lt-suit", text: tr.symbol }), h("figcaption", { text: t("table.stukolka-trump-word") })));
    mid.append(h("figure", {}, view.stock ? cardPic(null) : h("span", { class: "lt-suit", text: "–" }),
      h("figcaption", { text: t("table.stukolka-stock", { n: view.stock }) })));
    mid.append(h("p", { class: "lt-pot", text: t("table.stukolka-pot", { pot: view.pot }) }));
    oval.append(mid);
    const trick = view.current_trick.length ? view.current_trick :
      (view.tricks.length && view.live.waiting_for !== "over" && view.current_trick.length === 0 && view.live.last
        && view.live.last.kind === "play"
        ? view.tricks[view.tricks.length - 1].plays : []);
    for (const { seat: q, card } of trick) {
      const small = oval.clientWidth && oval.clientWidth < 520;        // a phone: the trick above the trump and stock
      const [x] = seatXY(q, small ? 25 : 24), [, y] = small ? seatXY(q, 9).map((v) => v - 11) : seatXY(q, 21);
      const pic = cardPic(card, "lt-card lt-played");
      pic.style.left = x + "%"; pic.style.top = y + "%";
      pic.setAttribute("role", "img"); pic.setAttribute("aria-label", t("table.stukolka-played-aria", { who: name(q), card: cards.names[card] }));
      oval.append(pic);
    }
  }

  // the reason line: words, then links to the rules named by the driver's fields (never read from the text)
  function showReason(text, kind, ...rules) {
    reason.replaceChildren(text || "");
    for (const r of rules) { const l = r && ruleLink(r); if (l && !reason.querySelector(`a[data-rule="${r}"]`)) reason.append(l); }
    if (kind) reason.dataset.kind = kind; else delete reason.dataset.kind;
  }

  function explain(item) {           // a dimmed card: the rule it breaks, in the engine's words (the view's why)
    reason.replaceChildren(t("table.refused-line", { card: item.title, why: item.why || t(item.penalized ? "table.against-rules" : "table.not-allowed") }),
      item.penalized ? t("table.stukolka-penalty-note") : "");
    const l = item.rule && ruleLink(item.rule); if (l) reason.append(l);
    reason.dataset.kind = item.penalized ? "penalty" : "why";
  }

  // a refused card: the reason in words first (the view's why), then the engine's refusal itself
  function refusedCard(item, reply) {
    reason.replaceChildren(h("span", { class: "lt-why", text: t("table.refused-line", { card: item.title, why: item.why }) }),
      h("span", { class: "lt-refusal", text: t("table.refused-by-engine", { error: reply.error }) }));
    for (const r of [item.rule, reply.rule]) { const l = r && ruleLink(r); if (l && !reason.querySelector(`a[data-rule="${r}"]`)) reason.append(l); }
    reason.dataset.kind = "refused";
  }

  // the question is open at the first turn of the seat it asks about, until it is answered (legal)
  // or that seat has chosen (judgment)
  const asking = () => !!ask && step === null && view.live.waiting_for === "person" && view.seat === ask.seat && !hidden() &&
    (ask.kind === "judgment" ? !judged : !!question && question.pending);
  const marking = () => asking() && ask.kind === "legal" && !ask.moves;   // the cards are marked, not played

  function startQuestion() {
    askBox.replaceChildren();
    if (!ask) return;
    if (ask.kind === "legal") {
      question = legalQuestion(ctx, ask, {
        items: ask.moves ? null : () => (view.hand || []).map((it) => {
          const play = (view.actions || []).find((a) => a.kind === "play" && a.cards[0] === it.card);
          return { key: it.card, name: t("table.the-card", { card: it.title }), legal: !!it.legal, why: it.why, rule: it.rule || (play ? play.rule : null) };
        }),
        onChange: () => { drawHand(); },
        onDone: () => { showReason("", null); redraw(); focusHand(true); },
      });
      askBox.append(question.box);
    } else if (ask.kind === "judgment") {
      askBox.append(h("p", { class: "lq-prompt", text: ask.prompt || "" }));
    }
  }

  async function askHint() {
    touched = true;
    if (busy || view.live.waiting_for !== "person") return;
    hints.box.replaceChildren(t("table.advisor-thinking"));
    const asked = live.live.moves;
    const r = await client.call({ cmd: "hint", table, seat: view.seat });
    if (asked !== live.live.moves) return;           // the table moved on meanwhile
    if (!r.ok) { hints.clear(); showReason(r.error, "refused", r.rule); return; }
    hints.show(r);
  }

  function act(action, card) {          // `card`: the card clicked, when the action plays one
    touched = true;
    if (busy) return;
    const judging = asking() && ask.kind === "judgment";
    send({ cmd: "act", table, seat: view.seat, action }, card).then((ok) => {
      if (ok && judging) { judged = true; askBox.replaceChildren(judgmentPanel(ctx, ask, action)); }
    });
  }

  async function send(msg, card) {
    busy = true;
    const asked = table;
    const r = await client.call(msg);
    busy = false;
    if (asked !== table) return false;            // an answer for a table closed meanwhile
    if (!r.ok) {                                  // the engine's refusal; the table did not move
      const item = card !== undefined && (view.hand || []).find((x) => x.card === card);
      if (item && item.why) refusedCard(item, r); else showReason(r.error, "refused", r.rule);
      focusHand();
      return false;
    }
    show(r.view);
    return true;
  }

  const announce = announcer(status, log);

  function arrows(e) {                            // arrow keys move between the cards of the hand
    const list = [...hand.querySelectorAll("button")];
    const i = list.indexOf(document.activeElement);
    if (i < 0 || !["ArrowLeft", "ArrowRight", "ArrowUp", "ArrowDown", "Home", "End"].includes(e.key)) return;
    e.preventDefault();
    const j = e.key === "Home" ? 0 : e.key === "End" ? list.length - 1 :
      (i + (e.key === "ArrowLeft" || e.key === "ArrowUp" ? -1 : 1) + list.length) % list.length;
    list[j].focus();
  }

  function drawHand() {
    hand.replaceChildren();
    const mine = view.hand;
    if (isPublic) return;
    if (hidden()) {
      hand.append(h("button", { type: "button", class: "lt-pass",
        onclick: async () => {             // the pass screen is over: the driver shows this person his cards
          const r = await client.call({ cmd: "reveal", table, seat: view.seat });
          if (!r.ok) { showReason(r.error, "refused", r.rule); return; }
          shownFor = r.view.seat; view = live = r.view; showReason("", null); redraw(); focusHand(true);
          status.textContent = toAct(view); } },
        t("table.pass-button", { who: name(view.seat) })));
      return;
    }
    if (!mine) { hand.append(h("p", { text: view.live.people.includes(view.seat) ? t("table.face-down") : "" })); return; }
    const acts = view.actions || [];
    const plays = new Map(acts.filter((a) => a.kind === "play").map((a) => [a.cards[0], a]));
    const discarding = acts.some((a) => a.kind === "discard");
    const mayPlay = view.phase === "play" && view.live.waiting_for === "person";
    const marks = marking();             // an open "which may you play?": no card raised or dimmed yet
    for (const item of mine) {
      const c = item.card, play = plays.get(c);
      const ok = !!play && !marks, bad = !marks && mayPlay && !play && (item.why || item.refusal || item.penalized);
      const marked = marks && question.marked(c);
      const b = h("button", {
        type: "button",
        class: "lt-card lt-mine" + (ok ? " lt-legal" : "") + (bad ? " lt-illegal" : "") + (bad && item.penalized ? " lt-penalized" : "") +
          (selected.has(c) ? " lt-selected" : "") + (marked ? " lt-marked" : ""),
        "aria-label": cards.names[c] + (ok ? t("table.stukolka-may-play") : bad ? t(item.penalized ? "table.stukolka-costs-remiz-aria" : "table.stukolka-not-allowed-aria") : "") +
          (selected.has(c) ? t("table.stukolka-selected") : "") + (marks ? t(marked ? "table.stukolka-marked" : "table.stukolka-not-marked") : ""),
        "aria-pressed": discarding ? String(selected.has(c)) : marks ? String(marked) : null,
        "aria-describedby": bad ? reason.id : null, title: bad && item.penalized ? t("table.stukolka-costs-remiz-title") : null,
        "data-tag": bad && item.penalized ? t("table.stukolka-costs-remiz-tag") : null, html: cards.svg[c],
        onfocus: () => { if (bad) explain(item); },
        onclick: () => {
          if (marks) { question.toggle(c); focusCard(c); return; }
          if (discarding) { selected.has(c) ? selected.delete(c) : selected.add(c); drawHand(); drawActions(); focusCard(c); return; }
          if (mayPlay) act(play ? play.action : item.action, c);   // a refused card: the engine answers why
        },
      });
      hand.append(b);
    }
  }

  function drawActions() {
    actions.replaceChildren();
    hintButton.hidden = isPublic || ctx.hint === false || step !== null || view.live.waiting_for !== "person" || hidden() || asking();
    if (isPublic || view.live.waiting_for !== "person" || hidden()) return;
    if (asking() && ask.kind === "legal" && ask.moves) return;    // the moves asked about are marked in the question's box
    const acts = view.actions || [];
    const other = acts.filter((a) => a.kind !== "play" && a.kind !== "discard");
    const throws = acts.filter((a) => a.kind === "discard");
    if (throws.length && !view.hand) {   // in the dark: the engine offers a throw that names no card
      throws.forEach((a) => actions.append(h("button", { type: "button", class: "lt-discard", "data-kind": a.kind,
        title: t("table.table-hears", { said: a.said }), onclick: () => act(a.action) }, a.words)));
    } else if (throws.length) {
      // the selected cards are one of the engine's discards, or not yet: its words, or how many to select
      const chosen = view.hand.map((x) => x.card).filter((c) => selected.has(c));
      const match = chosen.length ? throws.find((a) => a.cards.length === chosen.length && a.cards.every((c) => selected.has(c))) : null;
      const counts = [...new Set(throws.map((a) => a.count))].sort((x, y) => x - y);
      const ask = counts.length === 1 ? t("table.stukolka-select-n", { n: counts[0] }) : t("table.stukolka-select");
      actions.append(h("button", { type: "button", disabled: match ? null : true, class: "lt-discard", "data-kind": "discard",
        "data-action": match ? match.action : null, title: match ? t("table.table-hears", { said: match.said }) : null,
        onclick: () => { if (match) { selected = new Set(); act(match.action); } } },
        match ? match.words : ask));
    }
    if (other.length > 8) {          // e.g. the cut: one list instead of fifty buttons
      const id = `lt-choice-${uid}`;
      const sel = h("select", { id }, other.map((a, i) => h("option", { value: String(i), text: a.words })));
      sel.value = String(Math.floor(other.length / 2));
      actions.append(h("label", { for: id, text: t("table.your-choice") }), sel,
        h("button", { type: "button", onclick: () => act(other[Number(sel.value)].action) }, t("table.do-it")));
    } else {
      for (const a of other) actions.append(h("button", { type: "button", "data-action": a.action, "data-kind": a.kind, onclick: () => act(a.action) }, a.words));
    }
  }

  function drawLast() {
    lastTrick.replaceChildren(h("summary", { text: view.tricks.length ? t("table.stukolka-last-trick", { n: view.tricks.length }) : t("table.stukolka-no-trick") }));
    const tk = view.tricks[view.tricks.length - 1];
    if (!tk) return;
    lastTrick.append(h("p", {}, ...tk.plays.map(({ seat: q, card }) => h("span", { class: "lt-lastcard" }, cardPic(card), ` ${name(q)}`)),
      h("span", { text: t("table.stukolka-taken-by", { who: name(tk.winner), card: tk.name, why: tk.why }) }), ruleLink(tk.rule)));
  }

  function seatHead(n, last) {
    return h("tr", {}, h("th", { scope: "col", text: "" }), [...Array(n).keys()].map((q) => h("th", { scope: "col", text: name(q) })),
      h("th", { scope: "col", text: last }));
  }

  function drawLedger() {
    ledger.replaceChildren();
    const s = view.settlement;
    if (!s) return;
    const n = view.seats.length;
    ledger.append(...ledgerBlock(ctx, s, n, name, { extra: { head: t("table.stukolka-table-head"), line: (ln) => ln.table,
      net: s.table_change !== undefined ? s.table_change : null } }));
    const after = [];
    if (view.next_carry !== undefined && view.next_carry !== null) after.push(t("table.stays-next", { pot: view.next_carry }));
    if (view.next_dealer !== undefined && view.next_dealer !== null) after.push(t("table.next-dealer", { who: name(view.next_dealer) }));
    if (after.length) ledger.append(h("p", { text: after.join(t("table.after-sep")) }));
    if (step === null) ledger.append(h("button", { type: "button", class: "lt-next", onclick: nextDeal }, t("table.next-deal")));
  }

  function drawSession() {                // deal by deal: the engine's nets and the driver's running sums
    sessionBox.replaceChildren();
    const s = live.live.session;
    // shown once there is an earlier deal at this table (a single finished deal is the ledger above)
    if (!s || s.count - (live.live.waiting_for === "over" ? 1 : 0) < 1) return;
    const n = live.seats.length;
    const rows = s.deals.map((d) => h("tr", {},
      h("th", { scope: "row", text: d.dealer !== null && d.dealer !== undefined ? t("table.session-deal-dealer", { n: d.deal, who: name(d.dealer) })
        : t("table.session-deal", { n: d.deal }) }),
      d.net.map((x, q) => h("td", { class: "num" }, money(x), h("small", { class: "lt-run", text: t("table.session-running", { money: money(d.running[q]) }) }))),
      h("td", { class: "num", text: d.stays === null || d.stays === undefined ? "" : String(d.stays) })));
    rows.push(h("tr", { class: "lt-net" }, h("th", { scope: "row", text: t("table.session-total", { n: s.count }) }),
      s.totals.map((x) => h("td", { class: "num", text: money(x) })), h("td", {})));
    sessionBox.append(h("h4", { text: t("table.session-title") }),
      h("div", { class: "lt-scroll" }, h("table", { class: "lt-ledger-table lt-session-table" },
        h("caption", { text: t("table.session-caption") }),
        h("thead", {}, seatHead(n, t("table.stays-head"))), h("tbody", {}, rows))));
  }

  async function go(k) {                  // a finished deal, move by move: the engine replays it
    touched = true;
    const n = live.live.moves;
    if (k >= n) { step = null; view = live; redraw(); status.textContent = t("table.deal-over"); return; }
    const r = await client.call({ cmd: "replay", table, step: Math.max(0, k), seat: live.live.viewer });   // null: the public view
    if (!r.ok) { showReason(r.error, "refused", r.rule); return; }
    step = Math.max(0, k); view = r.view; redraw();
    status.textContent = view.live.last ? t("table.replay-status-move", { at: step, n,
      who: view.live.last.seat < 0 ? t("table.chance") : name(view.live.last.seat), what: said(view.live.last) })
      : t("table.replay-status", { at: step, n });
  }

  function drawReplay() {
    replay.replaceChildren();
    if (live.live.waiting_for !== "over") return;
    const n = live.live.moves, at = step === null ? n : step;
    const keep = (fn) => async () => { const cls = document.activeElement && document.activeElement.dataset.step; await fn();
      const b = cls && replay.querySelector(`[data-step="${cls}"]:not([disabled])`); (b || replay.querySelector("button:not([disabled])") || replay).focus(); };
    replay.append(h("span", { text: t("table.replay-label") }),
      h("button", { type: "button", "data-step": "start", "aria-label": t("table.replay-start-aria"), disabled: at === 0 ? true : null, onclick: keep(() => go(0)) }, t("table.replay-start")),
      h("button", { type: "button", "data-step": "back", "aria-label": t("table.replay-back-aria"), disabled: at === 0 ? true : null, onclick: keep(() => go(at - 1)) }, t("table.replay-back")),
      h("button", { type: "button", "data-step": "step", "aria-label": t("table.replay-step-aria"), disabled: at >= n ? true : null, onclick: keep(() => go(at + 1)) }, t("table.replay-step")),
      h("button", { type: "button", "data-step": "end", "aria-label": t("table.replay-end-aria"), disabled: at >= n ? true : null, onclick: keep(() => go(n)) }, t("table.replay-end")),
      h("span", { class: "lt-step", text: t("table.replay-at", { at, n }) }));
  }

  function redraw() {
    root.dataset.phase = view.phase; root.dataset.waiting = view.live.waiting_for;
    paceBox.sync();
    root.dataset.hidden = hidden() ? "yes" : "no";
    drawOval(); drawHand(); drawActions(); drawLast(); drawLedger(); drawSession(); drawReplay(); if (!isPublic) again.draw();
  }

  const ruleLink = (rule) => link(ctx, rule);


  function switchTo(r, say) {               // a new table from the driver: the old one is closed
    client.call({ cmd: "close", table });
    bots.cancel();
    table = r.table; step = null; shownFor = null; selected = new Set();
    ask = null; question = null; askBox.replaceChildren();     // a new deal asks nothing
    people = [...r.view.live.people];
    log.replaceChildren(); live = r.view; view = r.view;
    announce(say);
    show(r.view, true);
  }

  async function newDeal(opts, who, fromSettings, say = t("table.a-new-deal")) {
    touched = true;
    const r = await client.call({ cmd: "new", game: "stukolka", options: opts, people: who, lang });   // the driver shuffles with a seed the page never learns
    if (!r.ok) {                             // the engine refuses the settings: the table stays as it was
      if (fromSettings) settingsNote(r);
      else showReason(r.error, "refused", r.rule);
      return false;
    }
    options = { ...opts };
    switchTo(r, say);                        // the first line of the new deal's log
    focusHand(true);
    return true;
  }

  async function nextDeal() {
    touched = true;
    const r = await client.call({ cmd: "next", table });                                      // (a secret seed, as above)
    if (!r.ok) { showReason(r.error, "refused", r.rule); return; }
    switchTo(r, t("table.deal-n-deals", { n: r.view.live.session.count + 1, who: name(r.view.dealer) }));
    focusHand(true);
  }

  let warned = false;                        // an unfinished deal's record shows every card: say so first
  async function save() {                    // the engine's record of this deal, as a .json file
    touched = true;
    const saveButton = toolbar.querySelector(".lt-save");
    if (live.live.waiting_for !== "over" && !warned) {
      warned = true;
      saveButton.textContent = t("table.save-anyway");
      showReason(t("table.save-warning"), "why");
      return;
    }
    warned = false; saveButton.textContent = t("table.save-deal");
    const r = await client.call({ cmd: "record", table });
    if (!r.ok) { showReason(r.error, "refused", r.rule); return; }
    const text = JSON.stringify(r.record, null, 1);
    const a = h("a", { href: URL.createObjectURL(new Blob([text], { type: "application/json" })),
      download: `stukolka-${r.record.rules.variant}-move${r.record.actions.length}.json` });
    document.body.append(a); a.click(); a.remove();
    setTimeout(() => URL.revokeObjectURL(a.href), 10000);
    status.textContent = t(r.shows_every_card ? "table.saved-open" : "table.saved", { file: a.download, n: r.record.actions.length });
  }

  async function loadFile(input) {           // the engine replays a saved record into a new table
    touched = true;
    const f = input.files && input.files[0];
    if (!f) return;
    const text = await f.text();
    input.value = "";
    const r = await client.call({ cmd: "load", game: "stukolka", record: text, people, lang });
    if (!r.ok) {                                   // the driver's fields: the engine's words and the rule
      showReason(t("table.load-refused", { file: f.name, error: r.error }), "refused", r.rule);
      status.textContent = t("table.load-failed", { file: f.name });
      return;
    }
    switchTo(r, t("table.loaded", { file: f.name, n: r.view.live.moves }));
    if (r.view.live.waiting_for === "over") { await go(0); status.textContent = t("table.loaded-over", { file: f.name }); }
    focusHand(true);
  }

  // ------------------------------------------------------------------ the settings panel
  let conf = null;
  function settingsNote(reply) {            // a refusal from the driver's fields, or null to clear
    const note = settings.querySelector(".lt-settings-note");
    if (!note) return;
    note.replaceChildren(reply ? t("table.settings-refused", { error: reply.error }) : "");
    const l = reply && ruleLink(reply.rule); if (l) note.append(l);
  }

  function drawSettings() {
    settings.replaceChildren(h("summary", { text: t("table.stukolka-settings") }));
    if (!conf || !conf.variants) return;     // (Stukolka's panel: its variants and what each allows)
    const id = (k) => `lt-set-${k}-${uid}`;
    const cur = { ...conf.defaults, ...options };
    const variant = h("select", { id: id("variant") },
      Object.keys(conf.variants).map((v) => h("option", { value: v, text: known("table.stukolka-variant-", v) })));
    variant.value = cur.variant;
    // the engine's player limits of the chosen variant (view.limits, stukolka-rule-player-limits)
    const limits = () => (view.limits || {})[variant.value] || (conf.variants[variant.value] || {}).players;
    const players = h("input", { type: "number", id: id("players"), min: String(limits()[0]), max: String(limits()[1]),
      step: "1", value: String(cur.n_players), inputmode: "numeric" });
    const range = h("small", { class: "lt-hint", id: id("range") });
    players.setAttribute("aria-describedby", range.id);
    const mode = h("select", { id: id("mode") }, conf.violation_modes.map((m) => h("option", { value: m, text: known("table.stukolka-mode-", m) })));
    mode.value = cur.violation_mode;
    const dark = h("input", { type: "checkbox", id: id("dark") }); dark.checked = !!cur.dark_allowed;
    const razrez = h("input", { type: "checkbox", id: id("razrez") }); razrez.checked = !!cur.razrez_allowed;
    const darkRow = h("p", { class: "lt-set-row" }, h("label", { for: id("dark") }, dark, t("table.stukolka-dark")), ruleLink(conf.rules.dark_allowed));
    const razrezRow = h("p", { class: "lt-set-row" }, h("label", { for: id("razrez") }, razrez, t("table.stukolka-razrez")), ruleLink(conf.rules.razrez_allowed));
    const seats = h("fieldset", { class: "lt-set-seats" }, h("legend", { text: t("table.settings-who") }));
    const seatBoxes = () => {
      const [lo, hi] = limits();                  // the engine's limits for the variant (the driver's settings)
      const n = Math.max(lo, Math.min(hi, Number(players.value) || lo));
      const was = [...seats.querySelectorAll("input")].map((b) => b.checked);
      seats.querySelectorAll("label").forEach((l) => l.remove());
      for (let q = 0; q < n; q++) {
        const box = h("input", { type: "checkbox", id: id(`seat${q}`), "data-seat": String(q) });
        box.checked = q < was.length ? was[q] : people.includes(q);
        seats.append(h("label", { for: id(`seat${q}`), class: "lt-set-seat" }, box, t("table.stukolka-seat-person", { n: q })));
      }
    };
    const follow = () => {                   // what the chosen variant offers, as the engine's rules say
      const v = conf.variants[variant.value] || {};
      const [lo, hi] = limits();
      players.min = String(lo); players.max = String(hi);
      range.textContent = t("table.stukolka-range", { lo, hi });
      darkRow.hidden = !v.dark; dark.disabled = !v.dark;
      razrezRow.hidden = !v.razrez; razrez.disabled = !v.razrez;
    };
    variant.addEventListener("change", follow);
    settings.addEventListener("change", () => settingsNote(null));
    players.addEventListener("input", seatBoxes);
    const start = async () => {
      const v = conf.variants[variant.value] || {};
      const opts = {};
      for (const [k, x] of Object.entries(options)) if (!POSITION.includes(k) && !["carry", "balances"].includes(k)) opts[k] = x;
      Object.assign(opts, { variant: variant.value, n_players: Number(players.value), violation_mode: mode.value,
        dark_allowed: !!(v.dark && dark.checked), razrez_allowed: !!(v.razrez && razrez.checked) });
      if (typeof opts.dealer === "number" && opts.dealer >= opts.n_players) delete opts.dealer;
      const who = [...seats.querySelectorAll("input:checked")].map((b) => Number(b.dataset.seat));
      settingsNote(null);
      const vname = known("table.stukolka-variant-name-", variant.value);
      const say = who.length ? t("table.stukolka-new-deal-people", { variant: vname, n: opts.n_players,
        seats: who.map((q) => t("core.seat", { n: q })).join(t("table.list-sep")) })
        : t("table.stukolka-new-deal-bots", { variant: vname, n: opts.n_players });
      if (await newDeal(opts, who, true, say)) {
        if (view.live.waiting_for === "person" && !hidden()) status.textContent = `${say} ${toAct(view)}`;
        drawSettings(); settings.open = true;
        const b = hand.querySelector("button"); if (b) b.focus(); else settings.querySelector("summary").focus();
      }
    };
    settings.append(h("div", { class: "lt-set-body" },
      h("p", { class: "lt-set-row" }, h("label", { for: id("variant"), text: t("table.stukolka-variant") }), variant, ruleLink(conf.rules.variant)),
      h("p", { class: "lt-set-row" }, h("label", { for: id("players"), text: t("table.stukolka-players") }), players, range),
      h("p", { class: "lt-set-row" }, h("label", { for: id("mode"), text: t("table.stukolka-mode") }), mode, ruleLink(conf.rules.violation_mode)),
      darkRow, razrezRow, seats,
      h("button", { type: "button", class: "lt-set-start", onclick: start }, t("table.stukolka-start")),
      h("p", { class: "lt-settings-note", role: "status", "aria-live": "polite" })));
    seatBoxes(); follow();
  }

  // ------------------------------------------------------------------ focus, drawing, bots
  function focusCard(c) { const i = view.hand.findIndex((x) => x.card === c); const b = hand.querySelectorAll("button")[i]; if (b) b.focus(); }
  function focusHand(force) {
    if (!touched && !force) return;
    const inside = root.contains(document.activeElement) && !hand.contains(document.activeElement) &&
      !actions.contains(document.activeElement) && document.activeElement !== document.body && !ledger.contains(document.activeElement);
    if (inside && !force) return;                 // the reader is using another control (fast, settings): leave it
    const b = hand.querySelector("button.lt-legal, button.lt-pass") || actions.querySelector("button:not([disabled])") ||
      actions.querySelector("select") || hand.querySelector("button") || ledger.querySelector("button");
    (b || hand).focus({ preventScroll: false });
  }

  function show(v, fresh) {
    const before = fresh ? -1 : live.live.moves, faults = fresh ? 0 : (live.violations || []).length;
    // a trick was just taken: the bots hold still a little longer, so the table can see who took it
    trickTaken = !fresh && v.tricks.length > (live.tricks || []).length;
    const last = v.live.last;
    view = live = v; step = null; tasks.update(v);
    hints.clear();
    if (last && last.seat >= 0 && v.live.moves !== before && before >= 0) announce(t("table.seat-says", { who: name(last.seat), what: said(last) }));
    if (v.live.waiting_for !== "person" || v.phase !== "purchase") selected = new Set();
    if (reason.dataset.kind !== "refused" || v.live.moves !== before) showReason("", null);
    if ((v.violations || []).length > faults) {          // penalize mode: the engine booked a violation
      const f = v.violations[v.violations.length - 1];
      const text = t("table.stukolka-violation", { who: name(f.seat), card: f.name, text: f.text });
      announce(text);
      if (!hidden()) showReason(text, "penalty", f.rule);
    }
    if (hidden()) showReason("", null);               // the next person starts with a clean reason line
    redraw();
    if (v.live.waiting_for === "person") {
      status.textContent = hidden() ? t("table.pass-screen", { who: name(v.seat) }) : toAct(v);
    }
    if (v.live.waiting_for === "over") {
      announce(t("table.deal-over-nets", { nets: v.settlement.net.map((x, q) => t("table.seat-money", { who: name(q), money: money(x) })).join(t("table.list-sep")) }));
    }
    focusHand();
    pump();
  }

  let trickTaken = false;
  const due = () => view.live.waiting_for === "bot" && step === null;
  const bots = pacer(due, (quick) => send({ cmd: quick ? "bots" : "bot", table }), () => fast, () => trickTaken);
  const paceBox = paceControl(uid, bots, due, () => pump(), ctx);
  const room = projector(root, ctx, () => { width = 0; drawOval(); });
  toolbar.prepend(paceBox.box);
  toolbar.append(room.button);
  function pump() { paceBox.sync(); bots.pump(); }


  startQuestion();
  new ResizeObserver(() => { if (Math.abs(oval.clientWidth - width) > 40) { width = oval.clientWidth; drawOval(); } }).observe(oval);
  show(view, true);
  if (!isPosition) {
    client.call({ cmd: "settings", game: "stukolka", lang }).then((r) => { if (r.ok) { conf = r.settings; drawSettings(); } });
  } else settings.remove();
}

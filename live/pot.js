// The Stukolka pot calculator on a book page: the controls the engine lists (the driver's `pot`
// command, stukolka/live/tools.py) and the engine's ledger of the deal they describe.  It adds
// nothing up: the pot in play, a trick's third, every payment, the net per seat and what stays
// on the table are the engine's, and so is the check against the sources' worked examples.

import { h, ruleLink, showRefusal } from "./common.js";

export const table = false;          // a calculator: the loader opens no table for it

const NUMBERS = [["contributions", "Staked at the start"], ["pot", "Pot in play"], ["share", "A trick pays (a third)"],
  ["payments", "Paid at the end"], ["next_carry", "Stays on the table"], ["next_pot", "Next deal's pot in play"],
  ["next_share", "Next deal: a trick pays"]];

export async function mount(root, ctx) {
  const { client } = ctx;
  const uid = Math.random().toString(36).slice(2, 7);
  const id = (s) => `lt-pot-${s}-${uid}`;
  const setup = (ctx.setup && ctx.setup.options) || {};
  let settings = null, controls = null, asked = 0, shown = 0;
  const inputs = {}, seatInputs = { active: [], tricks: [] };

  root.classList.add("lt", "lt-tool", "lt-pot");
  const form = h("form", { class: "lt-tool-form", "aria-label": "The deal to settle", onsubmit: (e) => e.preventDefault() });
  const seats = h("table", { class: "lt-tool-table lt-pot-seats" });
  const alert = h("p", { class: "lt-reason", role: "alert" });
  const status = h("p", { class: "lt-status", "aria-live": "polite" });
  const numbers = h("div", { class: "lt-tool-result" });
  const ledger = h("div", { class: "lt-ledger lt-tool-result" });
  root.replaceChildren(form, h("div", { class: "lt-tool-scroll" }, seats), status, alert, numbers, ledger);




  const linkTo = (rule) => ruleLink(ctx, rule);
  const showError = (reply) => showRefusal(alert, ctx, reply);


  function read() {
    const s = { example: inputs.example.value };
    for (const c of controls) {
      if (c.per_seat || c.name === "example") continue;
      s[c.name] = c.kind === "check" ? inputs[c.name].checked : Number(inputs[c.name].value);
    }
    s.active = seatInputs.active.map((x) => x.checked);
    s.tricks = seatInputs.tricks.map((x) => Number(x.value));
    return s;
  }

  function field(c) {
    const cid = id(c.name);
    if (c.kind === "select") {
      const sel = h("select", { id: cid, name: c.name, title: c.help }, c.choices.map(([v, text]) => h("option", { value: v, text })));
      sel.addEventListener("change", () => ask(sel.value ? { example: sel.value } : read()));
      inputs[c.name] = sel;
      return h("div", { class: "lt-tool-field lt-tool-wide" }, h("label", { for: cid, text: c.label }), sel);
    }
    if (c.kind === "check") {
      const box = h("input", { type: "checkbox", id: cid, name: c.name, title: c.help });
      box.addEventListener("change", () => ask(read()));
      inputs[c.name] = box;
      return h("div", { class: "lt-tool-field lt-tool-check" }, box, h("label", { for: cid, text: c.label }), linkTo(c.rule));
    }
    const num = h("input", { type: "number", id: cid, name: c.name, min: String(c.min), max: String(c.max),
      step: String(c.step), inputmode: "numeric", title: c.help });
    num.addEventListener("change", () => ask(read()));
    inputs[c.name] = num;
    return h("div", { class: "lt-tool-field" }, h("label", { for: cid, text: c.label }), num, linkTo(c.rule));
  }

  function drawControls(list) {
    controls = list;
    form.replaceChildren(...list.filter((c) => !c.per_seat).map(field));
    const active = list.find((c) => c.name === "active"), tricks = list.find((c) => c.name === "tricks");
    const body = [];
    for (let p = 0; p < 7; p++) {
      const a = h("input", { type: "checkbox", id: id(`active-${p}`), "aria-label": active.label.replace("{seat}", p), title: active.help });
      const t = h("input", { type: "number", id: id(`tricks-${p}`), min: String(tricks.min), max: String(tricks.max), step: "1",
        inputmode: "numeric", "aria-label": tricks.label.replace("{seat}", p), title: tricks.help });
      a.addEventListener("change", () => ask(read()));
      t.addEventListener("change", () => ask(read()));
      seatInputs.active.push(a); seatInputs.tricks.push(t);
      body.push(h("tr", { "data-seat": String(p) }, h("th", { scope: "row", text: `seat ${p}` }), h("td", {}, a), h("td", {}, t)));
    }
    seats.replaceChildren(h("caption", { text: "Who played, and the tricks each took" }),
      h("thead", {}, h("tr", {}, h("th", { scope: "col", text: "seat" }), h("th", { scope: "col", text: "plays" }),
        h("th", { scope: "col", text: "tricks" }))), h("tbody", {}, body));
  }

  function setControls(s) {
    inputs.example.value = s.example || "";
    for (const c of controls) {
      if (c.per_seat || c.name === "example") continue;
      if (c.kind === "check") inputs[c.name].checked = Boolean(s[c.name]);
      else inputs[c.name].value = String(s[c.name]);
    }
    seatInputs.active.forEach((x, p) => { x.checked = Boolean(s.active[p]); });
    seatInputs.tricks.forEach((x, p) => { x.value = String(s.tricks[p]); });
    seats.querySelectorAll("tbody tr").forEach((tr) => { tr.hidden = Number(tr.dataset.seat) >= s.players; });
  }

  const said = (k) => { const row = NUMBERS.find(([key]) => key === k); return row ? row[1].toLowerCase() : k.replace(/_/g, " "); };
  const words = (v) => Array.isArray(v) ? v.join(", ") : String(v);

  function drawNumbers(r) {
    numbers.replaceChildren(h("table", { class: "lt-tool-table lt-pot-numbers" },
      h("caption", { text: "The engine's numbers" }),
      h("tbody", {}, NUMBERS.map(([k, label]) => h("tr", { "data-key": k }, h("th", { scope: "row", text: label + (Array.isArray(r[k]) ? " (by seat)" : "") }),
        h("td", { class: "num", text: words(r[k]) }))))));
    if (r.check === null) return;
    numbers.append(h("p", { class: "lt-pot-check" + (r.check.length ? " lt-differs" : " lt-matches"),
      text: r.check.length ? `These settings differ from the worked example in: ${r.check.map(said).join("; ")}.`
        : "\u2714 Matches the worked example of the sources." }));
  }

  function drawLedger(led) {
    const head = h("tr", {}, h("td", {}), led.seats.map((s) => h("th", { scope: "col", text: s })), h("th", { scope: "col", text: "table" }));
    const rows = led.lines.map((ln) => h("tr", {}, h("th", { scope: "row" }, ln.text, linkTo(ln.rule)),
      ln.amounts.map((x) => h("td", { class: "num", text: x })), h("td", { class: "num", text: ln.table })));
    rows.push(h("tr", { class: "lt-net" }, h("th", { scope: "row", text: "net" }), led.net.map((x) => h("td", { class: "num", text: x })),
      h("td", { class: "num", text: led.table })));
    ledger.replaceChildren(h("p", { class: "lt-tool-note", text: "The settlement: one line a payment, a column a seat, the last column the table." }),
      h("div", { class: "lt-tool-scroll" }, h("table", { class: "lt-ledger-table" },
      h("caption", { class: "lt-sr", text: "The settlement" }),
      h("thead", {}, head), h("tbody", {}, rows))));
  }

  async function ask(s) {
    const mine = ++asked;
    const r = await client.call(s === undefined ? { cmd: "pot" } : { cmd: "pot", settings: s });
    if (mine < shown) return;
    shown = mine;
    if (!controls && r.controls) drawControls(r.controls);
    if (!r.ok) { showError(r); root.dataset.state = "refused"; status.textContent = "Refused: the numbers shown are from before."; return; }
    showError(null);
    settings = r.settings;
    setControls(settings);
    drawNumbers(r); drawLedger(r.ledger);
    root.dataset.state = "ok";
    root.dataset.asked = String(mine);
    status.textContent = `Pot in play ${r.pot}; a trick pays ${r.share}; ${r.next_carry} stays on the table.`;
  }

  await ask(Object.keys(setup).length ? setup : undefined);   // no settings: the engine's default example
  if (!controls) {                       // a refused first setting: draw the controls from the default
    await ask({});
  }
}

// The Stukolka pot calculator on a book page: the controls the engine lists (the driver's `pot`
// command, stukolka/live/tools.py) and the engine's ledger of the deal they describe.  It adds
// nothing up: the pot in play, a trick's third, every payment, the net per seat and what stays
// on the table are the engine's, and so is the check against the sources' worked examples.

import { h, ruleLink, sayOf, showRefusal } from "./common.js";

export const table = false;          // a calculator: the loader opens no table for it

// the engine's numbers shown, each named by the catalogue's table.pot-<key>
const NUMBERS = ["contributions", "pot", "share", "payments", "next_carry", "next_pot", "next_share"];
const numberId = (k) => `table.pot-${k.replace(/_/g, "-")}`;

export async function mount(root, ctx) {
  const { client } = ctx;
  const t = sayOf(ctx);
  const uid = Math.random().toString(36).slice(2, 7);
  const id = (s) => `lt-pot-${s}-${uid}`;
  const setup = (ctx.setup && ctx.setup.options) || {};
  let settings = null, controls = null, asked = 0, shown = 0;
  const inputs = {}, seatInputs = { active: [], tricks: [] };

  root.classList.add("lt", "lt-tool", "lt-pot");
  const form = h("form", { class: "lt-tool-form", "aria-label": t("table.pot-form-aria"), onsubmit: (e) => e.preventDefault() });
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
      const took = h("input", { type: "number", id: id(`tricks-${p}`), min: String(tricks.min), max: String(tricks.max), step: "1",
        inputmode: "numeric", "aria-label": tricks.label.replace("{seat}", p), title: tricks.help });
      a.addEventListener("change", () => ask(read()));
      took.addEventListener("change", () => ask(read()));
      seatInputs.active.push(a); seatInputs.tricks.push(took);
      body.push(h("tr", { "data-seat": String(p) }, h("th", { scope: "row", text: t("core.seat", { n: p }) }), h("td", {}, a), h("td", {}, took)));
    }
    seats.replaceChildren(h("caption", { text: t("table.pot-seats-caption") }),
      h("thead", {}, h("tr", {}, h("th", { scope: "col", text: t("table.pot-seat-col") }), h("th", { scope: "col", text: t("table.pot-plays-col") }),
        h("th", { scope: "col", text: t("table.pot-tricks-col") }))), h("tbody", {}, body));
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

  const said = (k) => (NUMBERS.includes(k) ? t(numberId(k)).toLowerCase() : k.replace(/_/g, " "));
  const words = (v) => Array.isArray(v) ? v.join(", ") : String(v);

  function drawNumbers(r) {
    numbers.replaceChildren(h("table", { class: "lt-tool-table lt-pot-numbers" },
      h("caption", { text: t("table.pot-numbers-caption") }),
      h("tbody", {}, NUMBERS.map((k) => h("tr", { "data-key": k }, h("th", { scope: "row", text: Array.isArray(r[k]) ? t("table.pot-by-seat", { label: t(numberId(k)) }) : t(numberId(k)) }),
        h("td", { class: "num", text: words(r[k]) }))))));
    if (r.check === null) return;
    numbers.append(h("p", { class: "lt-pot-check" + (r.check.length ? " lt-differs" : " lt-matches"),
      text: r.check.length ? t("table.pot-differs", { what: r.check.map(said).join("; ") }) : t("table.pot-matches") }));
  }

  function drawLedger(led) {
    const head = h("tr", {}, h("td", {}), led.seats.map((s) => h("th", { scope: "col", text: s })), h("th", { scope: "col", text: t("table.pot-table-col") }));
    const rows = led.lines.map((ln) => h("tr", {}, h("th", { scope: "row" }, ln.text, linkTo(ln.rule)),
      ln.amounts.map((x) => h("td", { class: "num", text: x })), h("td", { class: "num", text: ln.table })));
    rows.push(h("tr", { class: "lt-net" }, h("th", { scope: "row", text: t("table.pot-net") }), led.net.map((x) => h("td", { class: "num", text: x })),
      h("td", { class: "num", text: led.table })));
    ledger.replaceChildren(h("p", { class: "lt-tool-note", text: t("table.pot-ledger-note") }),
      h("div", { class: "lt-tool-scroll" }, h("table", { class: "lt-ledger-table" },
      h("caption", { class: "lt-sr", text: t("table.pot-ledger-caption") }),
      h("thead", {}, head), h("tbody", {}, rows))));
  }

  async function ask(s) {
    const mine = ++asked;
    const r = await client.call(s === undefined ? { cmd: "pot", lang: t.lang } : { cmd: "pot", settings: s, lang: t.lang });
    if (mine < shown) return;
    shown = mine;
    if (!controls && r.controls) drawControls(r.controls);
    if (!r.ok) { showError(r); root.dataset.state = "refused"; status.textContent = t("table.pot-refused"); return; }
    showError(null);
    settings = r.settings;
    setControls(settings);
    drawNumbers(r); drawLedger(r.ledger);
    root.dataset.state = "ok";
    root.dataset.asked = String(mine);
    status.textContent = t("table.pot-status", { pot: r.pot, share: r.share, carry: r.next_carry });
  }

  await ask(Object.keys(setup).length ? setup : undefined);   // no settings: the engine's default example
  if (!controls) {                       // a refused first setting: draw the controls from the default
    await ask({});
  }
}

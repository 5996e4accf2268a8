// The shtoss odds explorer on a book page: draws the controls the engine lists (the driver's `odds`
// command, stukolka/live/tools.py) and the numbers it answers.  It computes nothing: every
// probability and edge arrives as an exact fraction ("a/b") with a display percentage, who wins
// at a place is the engine's word with its rule, and a mid-deal n is moved between abcugs by the
// engine.  Changing an option asks once for the fresh card and the mid-deal card; moving n or m
// asks only for the mid-deal card.

import { h, ruleLink, sayOf, showRefusal } from "./common.js";

export const table = false;          // a calculator: the loader opens no table for it

// the fresh card's numbers shown, each named by the catalogue's table.odds-<key>
const ROWS = ["edge", "punter_wins", "banker_wins", "plie"];

export async function mount(root, ctx) {
  const { client } = ctx;
  const t = sayOf(ctx);
  const uid = Math.random().toString(36).slice(2, 7);
  const id = (s) => `lt-odds-${s}-${uid}`;
  const setup = (ctx.setup && ctx.setup.options) || {};
  const options = {}, mid = { n: setup.n, m: setup.m };
  for (const [k, v] of Object.entries(setup)) if (k !== "n" && k !== "m") options[k] = v;
  let asked = 0, shown = 0, controls = null;
  const inputs = {};

  root.classList.add("lt", "lt-tool", "lt-odds");
  const form = h("form", { class: "lt-tool-form", "aria-label": t("table.odds-form-aria"), onsubmit: (e) => e.preventDefault() });
  const midForm = h("div", { class: "lt-tool-form lt-tool-mid", role: "group", "aria-label": t("table.odds-mid-aria") });
  const alert = h("p", { class: "lt-reason", role: "alert" });
  const status = h("p", { class: "lt-status", "aria-live": "polite" });
  const summary = h("div", { class: "lt-tool-result" });
  const midOut = h("div", { class: "lt-tool-result" });
  const places = h("details", { class: "lt-tool-places" });
  root.replaceChildren(form, status, alert, summary, places,
    h("h4", { class: "lt-tool-head", text: t("table.odds-mid-head") }), midForm, midOut);




  function winnerLink(row) {          // "the banker wins", linked to the engine's rule for that place
    const words = row.winner_words;
    const r = row.rule && ctx.rules && ctx.rules[row.rule];
    if (!r) return words;
    const title = (r.titles && r.titles[t.lang]) || r.title || row.rule;
    return h("a", { href: new URL(r.href, ctx.root).href, "aria-label": t("table.odds-place-aria", { place: row.place, words, title }) }, words);
  }

  const linkTo = (rule) => ruleLink(ctx, rule, true);
  const showError = (reply) => showRefusal(alert, ctx, reply);


  function control(c) {
    const cid = id(c.name);
    let input;
    if (c.kind === "select") {
      input = h("select", { id: cid, name: c.name, title: c.help },
        c.choices.map(([v, text]) => h("option", { value: JSON.stringify(v), text })));
      input.value = JSON.stringify(c.name in options ? options[c.name] : c.value);
      input.addEventListener("change", () => { options[c.name] = JSON.parse(input.value); ask(false); });
      inputs[c.name] = input;
      return h("div", { class: "lt-tool-field" }, h("label", { for: cid, text: c.label }), input, linkTo(c.rule));
    }
    if (c.kind === "check") {
      input = h("input", { type: "checkbox", id: cid, name: c.name, title: c.help });
      input.checked = Boolean(c.name in options ? options[c.name] : c.value);
      input.addEventListener("change", () => { options[c.name] = input.checked; ask(false); });
      inputs[c.name] = input;
      return h("div", { class: "lt-tool-field lt-tool-check" }, input, h("label", { for: cid, text: c.label }), linkTo(c.rule));
    }
    // a range (n, m): the engine says where it may stop and what it came to
    const out = h("output", { for: cid, class: "lt-tool-value" });
    input = h("input", { type: "range", id: cid, name: c.name, min: String(c.min), max: String(c.max),
      step: String(c.step), title: c.help });
    input.value = String(mid[c.name] !== undefined ? mid[c.name] : c.value);
    out.textContent = input.value;
    input.addEventListener("input", () => { out.textContent = input.value; });
    input.addEventListener("change", () => { mid[c.name] = Number(input.value); ask(true); });
    inputs[c.name] = input;
    inputs[c.name + "_out"] = out;
    return h("div", { class: "lt-tool-field lt-tool-range" }, h("label", { for: cid, text: c.label }), input, out);
  }

  function drawControls(list) {
    controls = list;
    form.replaceChildren(...list.filter((c) => c.kind !== "range").map(control));
    midForm.replaceChildren(...list.filter((c) => c.kind === "range").map(control));
  }

  function numberTable(caption, rows) {
    return h("table", { class: "lt-tool-table" }, h("caption", { text: caption }),
      h("thead", {}, h("tr", {}, h("td", {}), h("th", { scope: "col", text: t("table.odds-exact") }), h("th", { scope: "col", text: t("table.odds-percent") }))),
      h("tbody", {}, rows.map(([label, x, cls]) => h("tr", { class: cls || null }, h("th", { scope: "row", text: label }),
        h("td", { class: "num lt-exact", text: x.text }), h("td", { class: "num lt-percent", text: x.percent })))));
  }

  function drawFresh(r) {
    summary.replaceChildren(numberTable(t("table.odds-fresh", { deck: r.deck_size }),
      ROWS.map((k) => [t(`table.odds-${k.replace("_", "-")}`), r[k], "lt-odds-" + k.replace("_", "-")])));
    const body = r.places.map((row) => h("tr", { class: "lt-odds-" + row.winner },
      h("th", { scope: "row", class: "num", text: String(row.place) }),
      h("td", {}, winnerLink(row)),
      h("td", { class: "num lt-exact", text: row.p.text }), h("td", { class: "num lt-percent", text: row.p.percent }),
      h("td", { class: "lt-bar-cell", "aria-hidden": "true" }, h("span", { class: "lt-bar", style: `width:${(row.bar * 100).toFixed(1)}%` }))));
    const open = places.open;
    places.replaceChildren(h("summary", { text: t("table.odds-places-summary", { n: r.places.length }) }),
      h("table", { class: "lt-tool-table lt-places-table" },
        h("caption", { text: t("table.odds-places-caption") }),
        h("thead", {}, h("tr", {}, h("th", { scope: "col", text: t("table.odds-place") }), h("th", { scope: "col", text: t("table.odds-who-wins") }),
          h("th", { scope: "col", text: t("table.odds-exact") }), h("th", { scope: "col", text: t("table.odds-percent") }), h("th", { scope: "col", text: "" }))),
        h("tbody", {}, body)));
    places.open = open;
  }

  function drawMid(md) {
    for (const k of ["n", "m"]) {
      const input = inputs[k];
      if (!input) continue;
      if (k === "n") { input.min = String(md.n_min); input.max = String(md.n_max); }
      input.value = String(md[k]);
      inputs[k + "_out"].textContent = String(md[k]);
      mid[k] = md[k];
    }
    midOut.replaceChildren(numberTable(t("table.odds-mid-caption", { n: md.n, m: md.m }),
      [[t("table.odds-edge"), md.edge, "lt-odds-mid-edge"]]));
  }

  async function ask(onlyMid) {
    const mine = ++asked;
    const msg = { cmd: "odds", options, n: mid.n, m: mid.m, lang: t.lang };
    if (onlyMid) msg.only = "mid";
    const r = await client.call(msg);
    if (mine < shown) return;                 // an older answer arriving late
    shown = mine;
    if (!r.ok) { showError(r); root.dataset.state = "refused"; return; }
    showError(null);
    if (!controls) drawControls(r.controls);
    if (!onlyMid) drawFresh(r);
    drawMid(r.mid);
    root.dataset.state = "ok";
    root.dataset.asked = String(mine);
    status.textContent = onlyMid ? t("table.odds-status-mid", { exact: r.mid.edge.text, percent: r.mid.edge.percent })
      : t("table.odds-status", { exact: r.edge.text, percent: r.edge.percent });
  }

  await ask(false);
}

// The printable join card: the class code, the address and its QR code, several to a page.  Its
// words are the catalogue's (class.json), in the page's language (<html lang>, the server's --lang
// or the page's ?lang=).
import { h } from "./live/dom.js";
import { langOf, sayer } from "./live/i18n.js";

const t = sayer(langOf(document.documentElement));
const COMMAND = "HOST=0.0.0.0 make class";       // the command that lets phones reach the server
const params = new URLSearchParams(location.search);
const code = (params.get("code") || "").toUpperCase().replace(/[^A-Z2-9]/g, "").slice(0, 6);
const copies = Math.max(1, Math.min(12, Number(params.get("copies")) || 6));
const main = document.getElementById("class");

fetch("/class/info.json").then((r) => r.json()).then((info) => {
  const url = info.student_urls[0];
  const card = () => h("section", { class: "class-card" },
    h("h2", { text: t("class.card-title") }),
    h("img", { src: `/class/qr.svg${code ? `?code=${code}` : ""}`, alt: t("class.card-qr-alt", { url: `${url}${code ? `?code=${code}` : ""}` }) }),
    h("p", {}, t("class.card-open"), h("b", { text: url })),
    code ? h("p", {}, t("class.card-type-code"), h("b", { class: "class-code", text: code })) : h("p", { text: t("class.card-type-code-projector") }),
    h("p", { class: "class-small", text: t("class.card-then") }));
  main.replaceChildren(h("p", { class: "class-print-hint" },
    info.local_only ? h("b", { text: t("class.card-local", { command: COMMAND }) }) : "",
    t("class.card-print")), ...Array.from({ length: copies }, card));
});

// The printable join card: the class code, the address and its QR code, several to a page.
import { h } from "./live/dom.js";

const params = new URLSearchParams(location.search);
const code = (params.get("code") || "").toUpperCase().replace(/[^A-Z2-9]/g, "").slice(0, 6);
const copies = Math.max(1, Math.min(12, Number(params.get("copies")) || 6));
const main = document.getElementById("class");

fetch("/class/info.json").then((r) => r.json()).then((info) => {
  const url = info.student_urls[0];
  const card = () => h("section", { class: "class-card" },
    h("h2", { text: "Play cards with your class" }),
    h("img", { src: `/class/qr.svg${code ? `?code=${code}` : ""}`, alt: `QR code of ${url}${code ? `?code=${code}` : ""}` }),
    h("p", {}, "Scan the code, or open ", h("b", { text: url })),
    code ? h("p", {}, "and type the class code ", h("b", { class: "class-code", text: code })) : h("p", { text: "and type the class code shown on the projector" }),
    h("p", { class: "class-small", text: "Then type your name. Your phone keeps your seat: if it sleeps or you reload the page, you come back to the same seat." }));
  main.replaceChildren(h("p", { class: "class-print-hint" },
    info.local_only ? h("b", { text: "This server listens on the teacher's computer only: restart it with HOST=0.0.0.0 make class before printing. " }) : "",
    "Print this page (Ctrl-P): six cards to an A4 sheet."), ...Array.from({ length: copies }, card));
});

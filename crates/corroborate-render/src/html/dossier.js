(function () {
  "use strict";
  var data = document.getElementById("corroborate-docs");
  var docs = {};
  try { docs = JSON.parse(data ? data.textContent : "{}") || {}; } catch (e) { docs = {}; }
  var panel = document.getElementById("passage");
  var body = document.getElementById("passage-body");
  var chars = {};
  var CONTEXT = 280;
  function codePoints(id) {
    if (!chars[id]) { chars[id] = Array.from(docs[id].text || ""); }
    return chars[id];
  }
  function passage(id, start, end) {
    var d = docs[id];
    if (!d || !(start <= end)) { return null; }
    var cps = codePoints(id);
    var a = Math.max(0, start - CONTEXT), b = Math.min(cps.length, end + CONTEXT);
    var fig = document.createElement("figure");
    fig.className = "passage";
    var cap = document.createElement("figcaption");
    cap.textContent = (d.outlet || id) + (d.published ? ", " + d.published : "") + " — " + (d.title || "");
    var q = document.createElement("blockquote");
    q.appendChild(document.createTextNode((a > 0 ? "…" : "") + cps.slice(a, start).join("")));
    var m = document.createElement("mark");
    m.textContent = cps.slice(start, end).join("");
    q.appendChild(m);
    q.appendChild(document.createTextNode(cps.slice(end, b).join("") + (b < cps.length ? "…" : "")));
    fig.appendChild(cap);
    fig.appendChild(q);
    return fig;
  }
  function show(el) {
    if (!panel || !body) { return; }
    body.textContent = "";
    var list = (el.getAttribute("data-cites") || "").split(";");
    var shown = 0;
    for (var i = 0; i < list.length; i++) {
      var p = list[i].split(":");
      if (p.length !== 3) { continue; }
      var fig = passage(p[0], parseInt(p[1], 10), parseInt(p[2], 10));
      if (fig) { body.appendChild(fig); shown++; }
    }
    if (!shown) {
      var none = document.createElement("p");
      none.textContent = "No source passage for this item.";
      body.appendChild(none);
    }
    var active = document.querySelectorAll(".src.active");
    for (var j = 0; j < active.length; j++) { active[j].classList.remove("active"); }
    el.classList.add("active");
    panel.hidden = false;
  }
  document.addEventListener("click", function (ev) {
    var el = ev.target.closest ? ev.target.closest("[data-cites]") : null;
    if (el) { ev.preventDefault(); show(el); }
  });
  document.addEventListener("keydown", function (ev) {
    if (ev.key !== "Enter" && ev.key !== " ") { return; }
    var el = document.activeElement;
    if (el && el.hasAttribute && el.hasAttribute("data-cites")) { ev.preventDefault(); show(el); }
  });
  var close = document.getElementById("passage-close");
  if (close) { close.addEventListener("click", function () { panel.hidden = true; }); }
})();

// sheepdog at the table: follow a game from several devices.  Every half second the page
// asks for the game's version (a count of its entries); when another device added one, the
// page is fetched again and its <main> swapped in (the pages work without this script too).
(function () {
  "use strict";
  var body = document.body;
  var poll = body.getAttribute("data-poll");
  if (!poll) { return; }
  var version = body.getAttribute("data-version");
  var busy = false;
  function busyTyping() {
    var el = document.activeElement;
    return el && (el.tagName === "INPUT" || el.tagName === "SELECT") && el.value !== "";
  }
  // What the player has chosen or typed but not sent yet, so that a refresh keeps it: each
  // field changed from the value the page came with, by its form's action and its name, and
  // the sections opened.
  function keyOf(el) {
    var form = el.form;
    var action = form && form.querySelector('input[type="hidden"][name="action"]');
    return (action ? action.value : "") + "/" + el.name;
  }
  function changed(el) {
    if (el.type === "checkbox" || el.type === "radio") { return el.checked !== el.defaultChecked; }
    if (el.tagName === "SELECT") {
      var first = null;
      for (var i = 0; i < el.options.length; i++) {
        if (el.options[i].defaultSelected) { first = el.options[i]; break; }
      }
      first = first || el.options[0];
      return !!first && el.value !== first.value;
    }
    return el.value !== el.defaultValue;
  }
  function remember(main) {
    var fields = {};
    var open = [];
    main.querySelectorAll("select[name], input[name], textarea[name]").forEach(function (el) {
      if (el.type !== "hidden" && changed(el)) {
        fields[keyOf(el)] = (el.type === "checkbox" || el.type === "radio") ? el.checked : el.value;
      }
    });
    main.querySelectorAll("details[open] > summary").forEach(function (s) {
      open.push(s.textContent);
    });
    return { fields: fields, open: open };
  }
  function restore(main, kept) {
    main.querySelectorAll("select[name], input[name], textarea[name]").forEach(function (el) {
      var key = keyOf(el);
      if (el.type === "hidden" || !(key in kept.fields)) { return; }
      var value = kept.fields[key];
      if (el.type === "checkbox" || el.type === "radio") { el.checked = value; return; }
      if (el.tagName === "SELECT") {
        for (var i = 0; i < el.options.length; i++) {
          if (el.options[i].value === value) { el.value = value; return; }
        }
        return;  // the choice is gone from the list (the game moved on): leave the list as sent
      }
      el.value = value;
    });
    main.querySelectorAll("details > summary").forEach(function (s) {
      if (kept.open.indexOf(s.textContent) >= 0) { s.parentNode.open = true; }
    });
  }
  function refresh() {
    return fetch(window.location.href, { headers: { "Accept": "text/html" } })
      .then(function (r) { return r.text(); })
      .then(function (html) {
        var doc = new DOMParser().parseFromString(html, "text/html");
        var main = doc.getElementById("main");
        var old = document.getElementById("main");
        if (main && old) {
          var kept = remember(old);
          old.replaceWith(main);
          restore(document.getElementById("main"), kept);
        }
        version = doc.body.getAttribute("data-version");
      });
  }
  function tick() {
    if (busy || document.hidden) { return; }
    busy = true;
    fetch(poll, { headers: { "Accept": "application/json" } })
      .then(function (r) { return r.ok ? r.json() : null; })
      .then(function (data) {
        if (data && String(data.version) !== version && !busyTyping()) {
          return refresh().then(awaitHint);
        }
      })
      .catch(function () { /* the server is away: try again at the next tick */ })
      .then(function () { busy = false; });
  }
  window.setInterval(tick, 500);
  // The suspects come at once; the plan and the best calls follow when they are worked out.
  var waiting = false;
  function awaitHint() {
    if (waiting || !document.getElementById("hint-pending")) { return; }
    waiting = true;
    window.setTimeout(function () {
      waiting = false;
      if (busyTyping()) { awaitHint(); return; }
      refresh().then(awaitHint, awaitHint);
    }, 250);
  }
  awaitHint();
})();

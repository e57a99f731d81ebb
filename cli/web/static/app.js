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
  function refresh() {
    return fetch(window.location.href, { headers: { "Accept": "text/html" } })
      .then(function (r) { return r.text(); })
      .then(function (html) {
        var doc = new DOMParser().parseFromString(html, "text/html");
        var main = doc.getElementById("main");
        if (main) { document.getElementById("main").replaceWith(main); }
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

// sheepdog at the table: follow a game from several devices.  Every half second the page
// asks for the game's version (a count of its entries); when another device added one, the
// page is fetched again and its <main> swapped in (the pages work without this script too).
//
// What the player has chosen but not sent yet survives that swap, but only in a form that is
// still the same (same words, e.g. the sheep a vegetable is drawn for, same hidden fields)
// and whose lists still hold every choice: a choice is never carried over to another form,
// or swapped for another; such a form says so instead and takes no tap until something in it
// is chosen again.  A form the server refused comes back with its choices, under the same
// rule.
//
// For a moment after the page changes (a load, a swap) a tap is not taken: the buttons may
// have moved under the finger.  A form she filled that a refresh takes away (an undo from
// another device, or her own) is kept a while and put back if it returns unchanged.  A form
// bound to a turn (a fold, a deal: its hidden ``turn``) is that turn's only, never a later
// turn's that looks the same.
(function () {
  "use strict";
  document.documentElement.classList.add("js");  // what only a page without it shows goes
  var body = document.body;
  var poll = body.getAttribute("data-poll");
  if (!poll) {
    // the home page after a refused new game: its error is by its form, maybe far down the
    // page; show it, and give it the focus (a screen reader reads it out)
    var refusal = document.querySelector("main p.error");
    if (refusal) {
      refusal.tabIndex = -1;
      refusal.scrollIntoView({ block: "center" });
      refusal.focus({ preventScroll: true });
    }
    return;
  }
  var version = body.getAttribute("data-version");
  var served = document.getElementById("main");
  var lastHtml = served ? served.outerHTML : "";  // the page as the server sent it last
  var busy = false;
  var sending = false;
  var lastPress = 0;
  var SENT = "sheepdog-sent";
  var shownError = null;  // the refusal shown, kept through refreshes until she acts
  var shownAt = version;  // the game's version when it was shown
  var carried = [];  // forms she filled that a refresh took away: put back if they return
  var QUIET = 700;  // ms after a page or a swap during which a tap is not taken
  var settledAt = Date.now();
  function settling() {
    body.setAttribute("data-settling", "1");  // (tests wait for it to go, as a player looks)
    settledAt = Date.now() + QUIET;
    window.setTimeout(function () {
      if (Date.now() >= settledAt) { body.removeAttribute("data-settling"); }
    }, QUIET + 20);
  }
  settling();

  // A list keeps the focus after a phone's picker closes: it holds the page back only while
  // she is choosing (its picker may be open), not for as long as the focus stays on it, or
  // other phones' entries and the plan never came in.  A refresh keeps its choice.
  var CHOOSING = 3000;  // ms after she last touched a list
  var lastChoosing = 0;
  ["focusin", "pointerdown", "keydown", "input", "change"].forEach(function (kind) {
    document.addEventListener(kind, function (e) {
      if (e.target && e.target.tagName === "SELECT") { lastChoosing = Date.now(); }
    }, true);
  });
  var TEXTUAL = ["text", "search", "number", "tel", "email", "url", "password", ""];
  function busyTyping() {
    var el = document.activeElement;
    if (!el) { return false; }
    if (el.tagName === "SELECT") { return Date.now() - lastChoosing < CHOOSING; }
    var typing = el.tagName === "TEXTAREA" ||
      (el.tagName === "INPUT" && TEXTUAL.indexOf(el.type || "") >= 0);
    return typing && el.value !== "";
  }
  function pressing() { return sending || Date.now() - lastPress < 700; }

  // -- a form, its identity and its choices ---------------------------------------------------
  function actionOf(form) {
    var action = form.querySelector('input[type="hidden"][name="action"]');
    // whose interview: two sheep called in one turn have a form each, alike but for it (the
    // choices of the one recorded were taken for the other's, marked "already recorded")
    var sheep = form.querySelector('input[type="hidden"][name="sheep"]');
    var names = [];
    form.querySelectorAll("select[name], input[name], textarea[name]").forEach(function (el) {
      if (el.type !== "hidden") { names.push(el.name); }
    });
    return (action ? action.value : "") + (sheep ? ":" + sheep.value : "") + "/" + names.join(",");
  }
  function signature(form) {
    var copy = form.cloneNode(true);
    copy.querySelectorAll('input[name="version"]').forEach(function (el) { el.remove(); });
    copy.querySelectorAll("input[name], textarea[name]").forEach(function (el) {
      if (el.type !== "hidden") { el.removeAttribute("value"); el.textContent = ""; }
    });
    copy.querySelectorAll(".stale-note, option").forEach(function (el) { el.remove(); });
    return copy.innerHTML;  // the lists' options may change; a chosen one must still be there
  }
  // The state of the game a form was made for, when it is bound to one (``turn``: the entries in
  // force, as a digest); null for a form that stays the same through other entries.
  function turnOf(form) {
    var turn = form.querySelector('input[type="hidden"][name="turn"]');
    return turn ? turn.value : null;
  }
  function isText(el) { return el.tagName === "TEXTAREA" || el.type === "text" || !el.type; }
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
  function controls(form) {
    var out = [];
    form.querySelectorAll("select[name], input[name], textarea[name]").forEach(function (el) {
      if (el.type !== "hidden") { out.push(el); }
    });
    return out;
  }
  // Every field of a form the player has touched (a list left at its first choice is a choice
  // too: "drum set" shown and accepted must not become "harp" under the same answers).
  function choices(form, sig) {
    var fields = {};
    var any = !!form.getAttribute("data-touched");
    controls(form).forEach(function (el) {
      if (el.type === "radio") {
        if (el.checked) { fields[el.name] = el.value; }
      } else {
        fields[el.name] = el.type === "checkbox" ? el.checked : el.value;
      }
      any = any || changed(el);
    });
    return { action: actionOf(form), sig: sig, fields: fields, any: any, turn: turnOf(form) };
  }
  // Put ``kept`` back into ``form``: every choice, or none (a list whose choice is gone makes
  // the whole form stale).  ``texts`` false leaves typed lines out.
  function putBack(form, kept, texts) {
    var els = controls(form);
    for (var i = 0; i < els.length; i++) {
      var el = els[i];
      if (!(el.name in kept.fields) || el.tagName !== "SELECT") { continue; }
      var found = false;
      for (var j = 0; j < el.options.length; j++) {
        if (el.options[j].value === kept.fields[el.name]) { found = true; break; }
      }
      if (!found) { return false; }
    }
    els.forEach(function (el) {
      if (!(el.name in kept.fields)) { return; }
      var value = kept.fields[el.name];
      if (el.type === "radio") { el.checked = el.value === value; return; }
      if (el.type === "checkbox") { el.checked = value; return; }
      if (isText(el) && !texts) { return; }
      el.value = value;
      if (el.tagName === "SELECT") { el.chosenByHand = true; }  // put back: still her choice
    });
    return true;
  }
  // A form whose choices no longer fit: the page cannot tell a second tap of its own (the
  // first was recorded) from another device's entry, so the note names both.
  var STALE = "This was already recorded, or changed on another device: check it and choose again.";
  function markStale(form, text) {
    if (form.getAttribute("data-stale")) { return; }
    form.querySelectorAll(".stale-note").forEach(function (el) { el.remove(); });
    form.setAttribute("data-stale", "1");
    var note = document.createElement("p");
    note.className = "error stale-note";
    note.setAttribute("role", "alert");
    note.textContent = text || STALE;
    form.insertBefore(note, form.firstChild);
  }
  function clearStale(form) {
    form.removeAttribute("data-stale");
    form.querySelectorAll(".stale-note").forEach(function (el) { el.remove(); });
  }

  // -- a fold's draw follows its discard ------------------------------------------------------
  // With the draw pile empty the discarded card goes back into it, so what one's own fold may
  // draw depends on what it discards: each discard lists its draws (data-draws), and a draw
  // the chosen discard does not allow is greyed out.  A draw she chose herself is never
  // swapped for another: when it no longer fits (she changed the discard, or another phone
  // changed the game, or a refused form came back) the form says so and takes no tap until
  // she chooses again.  The list's own first choice moves to the first draw that fits.
  function fitDraws(root, byHand) {
    root.querySelectorAll('select[name="discard"]').forEach(function (discard) {
      var form = discard.form;
      var drawn = form && form.querySelector('select[name="drawn"]');
      var chosen = discard.options[discard.selectedIndex];
      if (!drawn || !chosen || !chosen.hasAttribute("data-draws")) { return; }
      var allowed = JSON.parse(chosen.getAttribute("data-draws"));
      var first = null;
      for (var i = 0; i < drawn.options.length; i++) {
        var option = drawn.options[i];
        option.disabled = allowed.indexOf(option.value) < 0;
        if (!option.disabled && first === null) { first = option; }
      }
      var picked = drawn.options[drawn.selectedIndex];
      if (!picked || !picked.disabled || !first) { return; }
      var hers = drawn.chosenByHand || form.getAttribute("data-touched") || picked.defaultSelected;
      if (!hers || (byHand && !drawn.chosenByHand && !picked.defaultSelected)) {
        drawn.value = first.value;  // the list's own first choice, not hers
      } else {
        markStale(form, "With this discard the " + picked.value + " cannot be drawn: choose " +
          "the draw again.");
      }
    });
  }
  document.addEventListener("change", function (e) {
    var el = e.target;
    if (!el || el.tagName !== "SELECT") { return; }
    // a property, not an attribute: a form's identity is its markup (signature)
    if (el.name === "drawn") { el.chosenByHand = true; }
    if (el.name === "discard" || el.name === "drawn") { fitDraws(el.form, true); }
  });

  // -- the swap -------------------------------------------------------------------------------
  function remember(main) {
    var forms = [];
    main.querySelectorAll("form").forEach(function (form) {
      var kept = choices(form, "");
      if (form.getAttribute("data-stale")) {  // still to be chosen again, and why
        kept.stale = true;
        var note = form.querySelector(".stale-note");
        kept.note = note ? note.textContent : "";
      }
      if (kept.any || kept.stale) {
        kept.sig = signature(form);  // only for the forms kept: a DOG page has many
        forms.push(kept);
      }
    });
    var open = [];
    main.querySelectorAll("details[open] > summary").forEach(function (s) {
      open.push(s.textContent);
    });
    return { forms: forms, open: open };
  }
  function restore(main, kept) {
    var forms = Array.prototype.slice.call(main.querySelectorAll("form"));
    var sigs = forms.map(signature);  // once each: a DOG page has a form for every play
    var now = Date.now();
    var waiting = carried.filter(function (c) { return now - c.at < 120000; });
    carried = [];
    kept.forms.concat(waiting).forEach(function (old) {
      var same = forms[sigs.indexOf(old.sig)];
      // like it: the same action, and for a form bound to a turn (a fold, a deal) the same
      // turn: a fold filled in one turn is not the next turn's fold
      var like = forms.filter(function (f) {
        return actionOf(f) === old.action && turnOf(f) === old.turn;
      })[0];
      if (old.stale) {
        // the same form still waits for a new choice: her choices back, and the note (the
        // list's defaults shown instead were taken by one touch for choices she never made,
        // a fold's draw among them); another form like it is marked stale
        if (same && putBack(same, old, true)) {
          same.setAttribute("data-touched", "1");
          markStale(same, old.note || undefined);
          return;
        }
        if (like) { markStale(like); return; }
        // gone for now (another phone's entry, then its undo): kept a while, still stale
        carried.push({ action: old.action, sig: old.sig, fields: old.fields, at: old.at || now,
                       turn: old.turn, stale: true, note: old.note });
        return;
      }
      if (same && putBack(same, old, true)) { same.setAttribute("data-touched", "1"); return; }
      if (!like) {  // gone for now (an undo, say): kept a while, in case it comes back
        carried.push({ action: old.action, sig: old.sig, fields: old.fields, at: old.at || now,
                       turn: old.turn });
        return;
      }
      var typed = Object.keys(old.fields).every(function (name) {
        var el = like.querySelector('[name="' + name + '"]');
        return el && isText(el);
      });
      if (typed) { putBack(like, old, true); return; }  // a typed line says what it is
      markStale(like);
    });
    main.querySelectorAll("details > summary").forEach(function (s) {
      if (kept.open.indexOf(s.textContent) >= 0) { s.parentNode.open = true; }
    });
  }
  // Which control has the focus, in words that survive a swap: its kind, name and text, or the
  // link it is, and its form as signature reads it (a keyboard or screen reader keeps its place).
  function controlKey(el) {
    return [el.tagName, el.name || "", (el.textContent || "").trim(),
            el.getAttribute("href") || ""].join("|");
  }
  function focusKey(el) {
    if (!el || !el.tagName) { return null; }
    return { control: controlKey(el), form: el.form ? signature(el.form) : "" };
  }
  function refocus(main, key) {
    if (key === null) { return; }
    var controls = main.querySelectorAll("a[href], button, select, input, textarea, summary");
    for (var i = 0; i < controls.length; i++) {
      var el = controls[i];  // the form's signature (a copy of it) only for a likely one
      if (controlKey(el) === key.control && (el.form ? signature(el.form) : "") === key.form) {
        el.focus({ preventScroll: true });
        return;
      }
    }
  }
  // A page whose plays are still being listed changes only in how far they are: that line
  // and its bar are brought up to date where they are (a swap would hold taps back each time).
  var PROGRESS = "#plays-pending, progress";
  function withoutProgress(main) {
    var copy = main.cloneNode(true);
    copy.querySelectorAll(PROGRESS).forEach(function (el) { el.remove(); });
    return copy.outerHTML;
  }
  function onlyProgress(old, main) {
    if (!old) { return false; }
    var before = old.querySelectorAll(PROGRESS);
    var after = main.querySelectorAll(PROGRESS);
    var last = new DOMParser().parseFromString(lastHtml, "text/html").getElementById("main");
    // (against the page as the server sent it last: the live one holds her choices)
    if (!last || before.length === 0 || before.length !== after.length ||
        withoutProgress(last) !== withoutProgress(main)) { return false; }
    for (var i = 0; i < before.length; i++) {
      before[i].innerHTML = after[i].innerHTML;
      if (after[i].hasAttribute("value")) { before[i].setAttribute("value", after[i].getAttribute("value")); }
    }
    return true;
  }
  function refresh() {
    return fetch(window.location.href, { headers: { "Accept": "text/html" } })
      .then(function (r) { return r.text(); })
      .then(function (html) {
        if (pressing()) { return; }  // a tap is under way: the page it brings is newer
        var doc = new DOMParser().parseFromString(html, "text/html");
        var main = doc.getElementById("main");
        var old = document.getElementById("main");
        version = doc.body.getAttribute("data-version");
        if (main && main.outerHTML === lastHtml) { return; }  // nothing new to show: no swap
        if (main && onlyProgress(document.getElementById("main"), main)) {
          lastHtml = main.outerHTML;  // how far the plays are: in place, no swap (taps go on)
          return;
        }
        if (main && old) {
          lastHtml = main.outerHTML;
          var kept = remember(old);
          var active = document.activeElement;
          var focused = active && old.contains(active) ? focusKey(active) : null;
          old.replaceWith(main);
          restore(main, kept);
          fitDraws(main, false);
          refocus(main, focused);
          // the refusal stays until she acts, even once its form is gone (the game moved
          // on): it is all that tells her what she entered was not recorded
          if (shownError && !main.querySelector("p.error:not(.stale-note)")) {
            var shown = shownError.cloneNode(true);
            if (version !== shownAt && !shown.querySelector(".since")) {
              // other entries came in since: the error is hers, not about theirs
              var since = document.createElement("span");
              since.className = "since";
              since.textContent = " (Your entry, not recorded; other entries have come in since.)";
              shown.appendChild(since);
            }
            main.insertBefore(shown, main.firstChild);  // until she acts
          }
          settling();
        }
      });
  }
  // Out of reach: after a few polls that got no answer a line at the top says the page is
  // not following the game any more (it showed an old state without a word); it goes when
  // the server answers again.
  var missed = 0;
  var MISSED = 3;  // polls without an answer (1.5 s) before the line shows
  function reached(ok) {
    missed = ok ? 0 : missed + 1;
    var note = document.getElementById("offline");
    if (missed >= MISSED && !note) {
      note = document.createElement("p");
      note.id = "offline";
      note.setAttribute("role", "status");
      note.textContent = "Offline: this page is not following the game; it catches up as soon " +
        "as the server answers. What you enter now is not sent.";
      body.insertBefore(note, body.firstChild);
    } else if (missed === 0 && note) {
      note.remove();
    }
  }
  function tick() {
    if (busy || document.hidden || pressing()) { return; }
    busy = true;
    fetch(poll, { headers: { "Accept": "application/json" } })
      .then(function (r) { reached(true); return r.ok ? r.json() : null; })
      .then(function (data) {
        if (data && String(data.version) !== version && !busyTyping()) {
          return refresh().then(awaitHint);
        }
      })
      .catch(function () { reached(false); /* the server is away: try again at the next tick */ })
      .then(function () { busy = false; });
  }

  // -- taps and sends -------------------------------------------------------------------------
  document.addEventListener("pointerdown", function () { lastPress = Date.now(); }, true);
  // Touching a field of a form makes it hers (kept across refreshes) and, on a form that
  // changed under her, means she is looking at it again: it takes taps again.
  function touched(e) {
    var el = e.target;
    var form = el && el.form;
    if (!form || el.type === "hidden" || el.tagName === "BUTTON") { return; }
    form.setAttribute("data-touched", "1");
    clearStale(form);
  }
  ["change", "input", "focusin"].forEach(function (kind) {
    document.addEventListener(kind, touched, true);
  });
  // A line she typed says what it is: the page changing as she sends it (its own load after
  // her last line, the plan coming in) does not change what she meant, so quick typing is
  // taken.  Not "undo": sent just after another phone's entry, it would undo that one.
  function typedLine(form) {
    var els = controls(form);
    return els.length > 0 && els.every(function (el) {
      return isText(el) && el.value.trim() !== "" && !/^\s*undo\s*$/i.test(el.value);
    });
  }
  document.addEventListener("submit", function (e) {
    var form = e.target;
    if (form.getAttribute("data-stale")) { e.preventDefault(); return; }
    var draw = form.querySelector('select[name="drawn"]');
    var picked = draw && draw.options[draw.selectedIndex];
    if (picked && picked.disabled) {  // greyed out: the browser would send no draw at all
      e.preventDefault();
      markStale(form, "With this discard the " + picked.value + " cannot be drawn: choose " +
        "the draw again.");
      return;
    }
    if (Date.now() < settledAt && !typedLine(form)) {  // changed under her finger
      e.preventDefault();
      markStale(form, "The page just changed: look, then tap again.");
      form.removeAttribute("data-stale");  // a note only: the next tap is taken
      return;
    }
    if (missed >= MISSED) {  // out of reach: the browser would leave for its offline page
      e.preventDefault();
      markStale(form, "Not sent: the page is offline. Tap again once it is back.");
      form.removeAttribute("data-stale");  // a note only: the next tap is taken
      return;
    }
    sending = true;
    shownError = null;
    try {
      var sent = choices(form, signature(form));
      // the other forms she filled too: the page this tap brings puts them back where they
      // are unchanged (both sheep of a turn filled, the second's answers were lost)
      var others = remember(document.getElementById("main")).forms.filter(function (kept) {
        return !kept.stale && kept.sig !== sent.sig;
      });
      // and those a refresh took away: her own undo brings a new page, which must put them
      // back as another phone's undo does
      sessionStorage.setItem(SENT, JSON.stringify({
        path: location.pathname, form: sent, others: others, carried: carried, at: Date.now()
      }));
    } catch (err) { /* no storage (private mode): a refused form comes back empty */ }
  }, true);
  window.addEventListener("pageshow", function (e) {
    sending = false;
    if (e.persisted) { location.reload(); }  // back to a kept page: the game may have moved on
  });

  // -- a refused form: its choices back, the error out of the address -------------------------
  (function comeBack() {
    var params = new URLSearchParams(window.location.search);
    var refused = params.has("error");
    var stale = params.has("stale");
    var sent = null;
    try {
      sent = JSON.parse(sessionStorage.getItem(SENT) || "null");
      sessionStorage.removeItem(SENT);
    } catch (err) { sent = null; }
    var main = document.getElementById("main");
    if (refused && sent && sent.path === location.pathname) {
      var back = false;
      main.querySelectorAll("form").forEach(function (form) {
        if (!back && signature(form) === sent.form.sig) {
          // a typed undo is not offered again: refused, it may be a second tap of one in
          back = putBack(form, sent.form, !/^\s*undo\s*$/i.test(sent.form.fields.line || ""));
          if (back) { form.setAttribute("data-touched", "1"); } else { markStale(form); }
        }
      });
    }
    if (sent && sent.path === location.pathname && sent.others &&
        Date.now() - sent.at < 120000) {
      var forms = Array.prototype.slice.call(main.querySelectorAll("form"));
      var sigs = forms.map(signature);
      sent.others.forEach(function (old) {  // only a form unchanged: another is not hers
        var same = forms[sigs.indexOf(old.sig)];
        if (same && !same.getAttribute("data-touched") && putBack(same, old, true)) {
          same.setAttribute("data-touched", "1");
        }
      });
    }
    if (sent && sent.path === location.pathname && Array.isArray(sent.carried)) {
      carried = sent.carried;
      restore(main, { forms: [], open: [] });
    }
    var error = refused && main.querySelector("p.error");
    shownError = error ? error.cloneNode(true) : null;
    if (refused || params.has("line") || stale || params.has("keep")) {
      // shown once: the refreshes fetch the address again, and must not show it again
      ["error", "check", "line", "stale", "keep"].forEach(function (k) { params.delete(k); });
      var query = params.toString();
      history.replaceState(null, "", location.pathname + (query ? "?" + query : "") + location.hash);
    }
  })();
  fitDraws(document, false);  // after the refused form's choices are back: they are hers

  window.setInterval(tick, 500);
  // The suspects come at once; the plan and the best calls follow when they are worked out
  // (and an Agent DOG table's plays, listed over thousands of colourings, as they are).
  var waiting = false;
  function awaitHint() {
    if (waiting || !(document.getElementById("hint-pending") ||
                     document.getElementById("plays-pending"))) { return; }
    waiting = true;
    window.setTimeout(function () {
      waiting = false;
      if (busyTyping() || pressing()) { awaitHint(); return; }
      refresh().then(awaitHint, awaitHint);
    }, 250);
  }
  awaitHint();
})();

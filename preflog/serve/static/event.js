// An event's page follows its games (follow.js): the tables' progress and the standings are drawn anew
// at each change of one of them, by the server.
(function () {
  "use strict";
  var live = document.getElementById("event-live");
  var status = document.getElementById("status");
  var draw = document.getElementById("draw");  // the scorer's button for the next tour, once this one is over
  if (!live || !window.preflogFollow) { return; }
  window.preflogFollow(live.getAttribute("data-stream"), function (data) {
    if (data.html !== live.innerHTML) { live.innerHTML = data.html; }
    var over = live.querySelector("[data-tour-over]");
    if (draw && over) { draw.hidden = over.getAttribute("data-tour-over") !== "yes"; }
    if (status) { status.textContent = status.getAttribute("data-live"); }
  }, function () {
    if (status) { status.textContent = status.getAttribute("data-lost"); }
  });
})();

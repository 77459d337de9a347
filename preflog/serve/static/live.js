// A game's page follows the game (follow.js): the live part is drawn anew at each change.
(function () {
  "use strict";
  var live = document.getElementById("live");
  var status = document.getElementById("status");
  if (!live || !window.preflogFollow) { return; }
  window.preflogFollow(live.getAttribute("data-game"), function (data) {
    if (String(data.revision) !== live.getAttribute("data-revision")) {
      live.innerHTML = data.html;
      live.setAttribute("data-revision", String(data.revision));
    }
    if (status) { status.textContent = status.getAttribute("data-live"); }
  }, function () {
    if (status) { status.textContent = status.getAttribute("data-lost"); }
  });
})();

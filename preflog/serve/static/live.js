// A game's page follows the game: each change comes as a Server-Sent Event carrying the live part
// of the page, drawn and escaped by the server.
(function () {
  "use strict";
  var live = document.getElementById("live");
  var status = document.getElementById("status");
  if (!live || !window.EventSource) { return; }
  var game = live.getAttribute("data-game");
  var source = new EventSource("/api/games/" + game + "/events");
  source.addEventListener("change", function (e) {
    var data = JSON.parse(e.data);
    if (String(data.revision) !== live.getAttribute("data-revision")) {
      live.innerHTML = data.html;
      live.setAttribute("data-revision", String(data.revision));
    }
    if (status) { status.textContent = status.getAttribute("data-live"); }
  });
  source.addEventListener("error", function () {
    if (status) { status.textContent = status.getAttribute("data-lost"); }
  });
})();

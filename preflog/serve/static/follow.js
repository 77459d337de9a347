// Following a game: its changes come as Server-Sent Events, each with the live part of the page drawn
// and escaped by the server. The browser opens a dropped stream again by itself, but gives up for good
// after an answer that is not a stream (a server restarting behind a proxy, a gateway's 502): then it
// is opened again here, after a pause that grows to half a minute, and at once when the phone's
// connection comes back.
(function () {
  "use strict";
  // game: a game's id, or the address of another stream (an event's)
  window.preflogFollow = function (game, changed, lost) {
    if (!window.EventSource) { return; }
    var source = null, timer = null, pause = 1000;
    function open() {
      timer = null;
      var address = String(game);
      source = new EventSource(address.charAt(0) === "/" ? address : "/api/games/" + address + "/events");
      source.addEventListener("change", function (e) {
        pause = 1000;
        changed(JSON.parse(e.data));
      });
      source.addEventListener("error", function () {
        lost();
        if (source.readyState === EventSource.CLOSED && timer === null) {
          timer = setTimeout(open, pause);
          pause = Math.min(pause * 2, 30000);
        }
      });
    }
    window.addEventListener("online", function () {
      if (source.readyState !== EventSource.CLOSED) { return; }
      if (timer !== null) { clearTimeout(timer); }
      pause = 1000;
      open();
    });
    open();
  };
})();

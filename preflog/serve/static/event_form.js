// The Events page's form of a new event sent back with problems: the first field at fault is brought
// into view, its problem under it, once the page is loaded (it opens at the form's heading, which may be
// screens above).
window.addEventListener("load", function () {
  "use strict";
  var first = document.querySelector(".event-form .field-error");
  if (!first) { return; }
  var details = first.closest("details");
  if (details) { details.open = true; }
  first.scrollIntoView({block: "center"});
});

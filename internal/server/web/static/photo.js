// photo.js lets a photo be dropped on a search-by-photo form
// (form[data-photo-drop]): the dropped file is put in the form's file
// input and the form sent, as if it had been chosen. Nothing else: the
// form works without it, by choosing the file.
(function () {
  "use strict";
  function setup(form) {
    var input = form.querySelector("input[type=file]");
    if (!input) return;
    ["dragenter", "dragover"].forEach(function (type) {
      form.addEventListener(type, function (e) {
        e.preventDefault();
        form.classList.add("dropping");
      });
    });
    form.addEventListener("dragleave", function () { form.classList.remove("dropping"); });
    form.addEventListener("drop", function (e) {
      e.preventDefault();
      form.classList.remove("dropping");
      if (!e.dataTransfer || e.dataTransfer.files.length === 0) return;
      input.files = e.dataTransfer.files;
      form.requestSubmit ? form.requestSubmit() : form.submit();
    });
  }
  function init() {
    document.querySelectorAll("form[data-photo-drop]").forEach(setup);
  }
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", init);
  else init();
})();

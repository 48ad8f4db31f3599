// demo.js shows, on demo.html only, the sijil:filter events that map.js and
// timeline.js dispatch. It cancels them so that the demo never navigates.
document.addEventListener('sijil:filter', function (e) {
  e.preventDefault();
  var log = document.getElementById('log');
  log.textContent = 'sijil:filter from #' + (e.target.id || e.target.className) + ' ' +
    JSON.stringify(e.detail) + '\n' + log.textContent.split('\n').slice(0, 5).join('\n');
});

/*
 * Starts the app's scripts once the page has painted (see src/pages/_document.tsx). Served as it is
 * (scripts/emit-paint-first.mjs copies it under /_next/static/ with its hash in its name), so it is
 * written for every browser the app supports, without a build step: no module, no arrow.
 */
(function () {
  var list = document.getElementById('__paint_first');
  if (!list) return;
  var scripts = JSON.parse(list.textContent || '[]');
  var started = false;

  function start() {
    if (started) return;
    started = true;
    if (window.performance && performance.mark) performance.mark('paint-first:scripts');
    for (var i = 0; i < scripts.length; i++) {
      var script = document.createElement('script');
      script.src = scripts[i];
      // Run in the order listed, as the deferred scripts Next writes would.
      script.async = false;
      document.head.appendChild(script);
    }
  }

  // A hidden tab draws no frame until it is shown: its scripts start at once.
  if (document.visibilityState === 'hidden' || !window.requestAnimationFrame) {
    start();
    return;
  }
  // The frame's callbacks run before it is drawn; a task queued from one runs after.
  window.requestAnimationFrame(function () {
    setTimeout(start, 0);
  });
  document.addEventListener('visibilitychange', function () {
    if (document.visibilityState === 'hidden') start();
  });
})();

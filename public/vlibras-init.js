// Starts the VLibras widget once its plugin (loaded just before, deferred) is there (ADR 256).
(function () {
  var me = document.currentScript;
  var app = (me && me.getAttribute("data-vlibras-app")) || "https://vlibras.gov.br/app";
  if (window.VLibras && window.VLibras.Widget) new window.VLibras.Widget(app);
})();

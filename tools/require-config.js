// Point require.js at the vendored widget manager (the page's content_root is set by Sphinx).
(function () {
  var dist = document.documentElement.dataset.content_root + "_static/npm/@jupyter-widgets/html-manager/dist/";
  require.config({ paths: {
    "@jupyter-widgets/base": dist + "base",
    "@jupyter-widgets/controls": dist + "controls",
    "@jupyter-widgets/html-manager": dist + "html-manager",
    "@jupyter-widgets/html-manager/dist/libembed-amd": dist + "libembed-amd" } });
})();

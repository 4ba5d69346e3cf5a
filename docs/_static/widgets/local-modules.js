// require.js finds anywidget's front end beside this file, in the site's own _static/widgets/,
// so @jupyter-widgets/html-manager never asks a CDN for it.
require.config({
  paths: { anywidget: new URL("anywidget/index", document.currentScript.src).href },
});

// The anywidget module of solitaire_widget: `render` draws the board for one view and
// returns the cleanup that removes everything it added.

import "./widget.css";
import { renderView } from "./view.js";

export default {
  render({ model, el }) {
    return renderView(model, el);
  },
};

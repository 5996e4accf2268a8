// The projector: one table for the whole class, for no seat (no hand of anyone), in large type.
import { projectorPage } from "./live/class.js";

projectorPage(document.getElementById("class"));

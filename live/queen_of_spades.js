// The evenings of The Queen of Spades at the live table: the shtoss table draws them and the
// reader steps through each evening's record, played by the engine (stukolka/live/games.py).
export { mount } from "./shtoss.js";

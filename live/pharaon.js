// Pharaon at the live table: the shtoss table draws it (the engine's Pharaon view has the shape
// of a shtoss deal's: stakes, piles, casekeeper, bankrolls; plus the bank and the named card).
export { mount } from "./shtoss.js";

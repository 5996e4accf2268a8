// A student's page: join with the class code and a name, then play one's own seat.
import { studentPage } from "./live/class.js";

studentPage(document.getElementById("class"));

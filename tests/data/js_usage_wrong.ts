// A use of a JavaScript engine with one type error (a move's seat given as text), which tsc --strict must
// reject (tests/test_js_types.py): it shows the check can fail.
import { load, Game } from "../../generated/fives_and_threes.js";

await load();
const game = new Game({ players: 2 });
game.apply({ seat: "0", draw: true });

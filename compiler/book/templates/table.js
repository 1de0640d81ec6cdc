/* The table page's own code (book/table.py writes it into the page's module script, after the variant's engine):
   the table's controls, the person's moves, the bots' turns, the layout drawn as the book's pictures draw it
   (book/pictures.py: the same measures and colours, the same geometry), the event log in the words of a language
   pack's "table" section, the record, and a viewer that steps through a record; where the variant has match rules,
   a whole match, its games scored by the engine and pegged on the book's cribbage board. Of the engine it uses its
   exports alone (Game, Match, IllegalMove, load, loadSync); every rule is the engine's. */

(async () => {
  const DATA = JSON.parse(document.getElementById("dominospec-data").textContent);
  const WORDS = DATA.words;
  const PICTURE = DATA.picture;
  const SVG_NS = "http://www.w3.org/2000/svg";
  const BOTS = ["random", "greedy", "expert"];
  const SPEEDS = { slow: 1200, normal: 600, fast: 200, "at once": 0 }; // a bot's pause before it moves, in ms
  const SCORING = new Set(["penalty", "muggins", "pass_points", "award", "stake", "pool", "pip_penalty", "reset", "pips_left"]);

  // --- the engine, from the page's own bytes

  const wasmText = document.getElementById("dominospec-wasm").textContent.trim();
  const wasmBytes = Uint8Array.from(atob(wasmText), (ch) => ch.charCodeAt(0));
  try {
    loadSync(wasmBytes);
  } catch (error) { // a browser that compiles no large module at once on its main thread
    if (!(error instanceof RangeError)) throw error;
    await load(wasmBytes);
  }

  // --- words

  const SLOT = /\{([a-z_]+)(?:@([a-z_]+))?\}/g;

  function pluralForm(n) {
    for (const rule of DATA.plural) {
      if (rule.when.every((c) => (c.values.includes(c.mod ? n % c.mod : n) !== c.negate))) return rule.form;
    }
    return "other";
  }

  function fill(template, values) {
    return template.replace(SLOT, (whole, name, unit) => {
      if (!Object.prototype.hasOwnProperty.call(values, name)) return whole;
      if (!unit) return String(values[name]);
      const forms = WORDS.units[unit];
      return forms[pluralForm(Number(values[name]))] ?? forms.other;
    });
  }

  const label = (key, values = {}) => fill(WORDS.labels[key], values);
  const say = (key, values = {}) => fill(WORDS.log[key], values);
  const portName = (port) => DATA.ports[port] ?? String(port);

  function listed(items) {
    if (items.length < 2) return items.join("");
    return items.slice(0, -1).join(WORDS.list) + WORDS.and + items[items.length - 1];
  }

  const seatName = (seat) => label("seat", { seat });
  const sideName = (game, side) => (game.partnerships ? label("side", { side }) : seatName(side));
  const sideSeats = (game, side) => Array.from({ length: game.players }, (_, s) => s).filter((s) => s % game.sides === side);
  const entry = (name, value) => label("entry", { name, value });
  const perSide = (game, values) => values.map((value, side) => entry(sideName(game, side), value)).join(WORDS.list);
  const sidesText = (game, sides) => (sides.length ? listed(sides.map((side) => sideName(game, side))) : label("nobody"));

  /** An event of the engine's log as a line of the page's log. */
  function eventText(game, e) {
    const parts = [];
    switch (e.event) {
      case "hand":
        parts.push(say("hand", { hand: e.hand, seat: e.opener }));
        break;
      case "play":
        parts.push(e.on === null || e.on === undefined
          ? say("lead", { seat: e.seat, tile: e.tile, total: e.total })
          : say("play", { seat: e.seat, tile: e.tile, on: e.on, port: portName(e.port), total: e.total }));
        if (e.by) parts.push(say("by", { port: portName(e.by) }));
        { // where scores are announced, a placement scores only what its mover claimed exactly
          const credited = e.claim === undefined || e.claim === e.points;
          if (e.raw && credited) parts.push(say("points", { points: e.points }));
          if (!credited) parts.push(say("claim", { claim: e.claim }));
          if (e.bonus) parts.push(say("bonus", { bonus: e.bonus }));
          if (e.cancelled) parts.push(say("cancelled"));
          if (((e.raw && credited) || e.bonus) && !e.cancelled) parts.push(say("scores", { scores: perSide(game, e.scores) }));
        }
        break;
      case "draw":
        parts.push(e.tile ? say("draw", { seat: e.seat, tile: e.tile }) : say("draw hidden", { seat: e.seat }));
        break;
      case "pass":
      case "out":
        parts.push(say(e.event, { seat: e.seat }));
        if (e.either_end) parts.push(say("either end"));
        if (e.blank_end) parts.push(say("blank end"));
        break;
      case "pass_points":
        parts.push(say("pass points", { sides: sideName(game, e.side), points: e.points }));
        break;
      case "penalty":
      case "muggins":
        parts.push(say(e.event, { seat: e.seat, points: e.points }));
        break;
      case "hand_end":
        parts.push(say(e.blocked ? "blocked" : "played out", { hand: e.hand }));
        parts.push(e.winners.length ? say("winners", { sides: sidesText(game, e.winners) }) : say("no winners"));
        parts.push(say("pips", { pips: e.remaining_pips.map((pips, seat) => entry(seatName(seat), pips)).join(WORDS.list) }));
        break;
      case "award":
        if (Array.isArray(e.points)) {
          parts.push(say("award", { points: perSide(game, e.points) }));
          if (e.void && e.void.length) parts.push(say("void", { sides: sidesText(game, e.void) }));
        } else {
          parts.push(say("award", { points: entry(sideName(game, e.side), e.points) }));
          if (e.cancelled) parts.push(say("cancelled"));
        }
        break;
      case "stake":
      case "pool":
        parts.push(say(e.event, { points: perSide(game, e.points), pool: e.pool }));
        break;
      case "pip_penalty":
        parts.push(say("pip penalty", { points: perSide(game, e.points) }));
        break;
      case "reset":
        parts.push(say("reset", { points: perSide(game, e.points) }));
        break;
      case "pips_left":
        parts.push(say("pips left", { points: perSide(game, e.points) }));
        break;
      case "eggs":
        parts.push(say("eggs", { points: e.points, eggs: e.eggs }));
        break;
      case "win":
        parts.push(say("win", { sides: sidesText(game, e.sides) }));
        break;
      default: // an event this page has no words for: its fields as the engine gave them
        parts.push(`${e.event}: ${JSON.stringify(e)}`);
    }
    if (SCORING.has(e.event) && Array.isArray(e.scores)) parts.push(say("scores", { scores: perSide(game, e.scores) }));
    return parts.join(" ");
  }

  // --- elements

  function html(tag, attributes = {}, ...children) {
    const element = document.createElement(tag);
    for (const [name, value] of Object.entries(attributes)) {
      if (value === false || value === null || value === undefined) continue;
      element.setAttribute(name, value === true ? "" : String(value));
    }
    element.append(...children.flat());
    return element;
  }

  function svg(tag, attributes = {}, ...children) {
    const element = document.createElementNS(SVG_NS, tag);
    for (const [name, value] of Object.entries(attributes)) element.setAttribute(name, String(value));
    element.append(...children.flat());
    return element;
  }

  // --- the layout, drawn as book/pictures.py draws it: the lead in the middle, each tile straight on from the
  // port it joined, doubles crosswise, spinners framed in orange, each end marked (filled: counted, with the value
  // it counts; hollow: open)

  const UNIT = PICTURE.unit;
  const MARKER = PICTURE.marker;
  const INK = PICTURE.ink;
  const LEFT = [-1, 0], RIGHT = [1, 0], UP = [0, -1], DOWN = [0, 1];
  const reverse = (way) => [-way[0], -way[1]];
  const step = (point, way, distance) => [point[0] + way[0] * distance, point[1] + way[1] * distance];
  const sideways = (way) => (way[1] === 0 ? [UP, DOWN] : [LEFT, RIGHT]);
  const pipsOf = (tile) => tile.slice(1, -1).split("|").map(Number);

  // A chicken foot's toes leave where a spinner's line B and branches would: straight on and to either side.
  function doubleDrawn(tile, centre, along, towardsA) {
    const [branchA, branchB] = sideways(along);
    const value = pipsOf(tile)[0];
    const exits = {
      lineA: { point: step(centre, towardsA, UNIT / 2), way: towardsA },
      lineB: { point: step(centre, reverse(towardsA), UNIT / 2), way: reverse(towardsA) },
      branchA: { point: step(centre, branchA, UNIT), way: branchA },
      branchB: { point: step(centre, branchB, UNIT), way: branchB },
    };
    return {
      tile, centre, along, crosswise: true,
      halves: [{ centre: step(centre, branchA, UNIT / 2), value }, { centre: step(centre, branchB, UNIT / 2), value }],
      exits: { ...exits, toeA: exits.lineB, toeB: exits.branchA, toeC: exits.branchB },
    };
  }

  function leadDrawn(tile) {
    const [low, high] = pipsOf(tile);
    if (low === high) return doubleDrawn(tile, [0, 0], RIGHT, LEFT);
    return {
      tile, centre: [0, 0], along: RIGHT, crosswise: false,
      halves: [{ centre: [-UNIT / 2, 0], value: low }, { centre: [UNIT / 2, 0], value: high }],
      exits: { low: { point: [-UNIT, 0], way: LEFT }, high: { point: [UNIT, 0], way: RIGHT } },
    };
  }

  function joinedDrawn(tile, ownPort, at) {
    const way = at.way;
    const [low, high] = pipsOf(tile);
    if (low === high) return doubleDrawn(tile, step(at.point, way, UNIT / 2), way, reverse(way));
    const [near, far] = ownPort === "low" ? [low, high] : [high, low];
    const other = ownPort === "low" ? "high" : "low";
    return {
      tile, centre: step(at.point, way, UNIT), along: way, crosswise: false,
      halves: [{ centre: step(at.point, way, UNIT / 2), value: near },
        { centre: step(at.point, way, (3 * UNIT) / 2), value: far }],
      exits: { [ownPort]: { point: at.point, way: reverse(way) }, [other]: { point: step(at.point, way, 2 * UNIT), way } },
    };
  }

  function boundsOf(drawn) {
    const longX = (drawn.along[1] !== 0) === drawn.crosswise; // whether the tile's long side lies along x
    const [halfW, halfH] = longX ? [UNIT, UNIT / 2] : [UNIT / 2, UNIT];
    const [x, y] = drawn.centre;
    return [x - halfW, y - halfH, x + halfW, y + halfH];
  }

  function placeTiles(layout) {
    const drawn = new Map();
    if (!layout.tiles.length) return drawn;
    drawn.set(layout.tiles[0], leadDrawn(layout.tiles[0]));
    for (const [on, port, tile, ownPort] of layout.connections) {
      const parent = drawn.get(on);
      if (parent && parent.exits[port] && !drawn.has(tile)) drawn.set(tile, joinedDrawn(tile, ownPort, parent.exits[port]));
    }
    return drawn;
  }

  class Box { // the bounds of everything drawn, for the viewBox
    constructor() { this.empty = true; }

    add(x0, y0, x1, y1) {
      if (this.empty) {
        Object.assign(this, { left: x0, top: y0, right: x1, bottom: y1, empty: false });
        return;
      }
      this.left = Math.min(this.left, x0);
      this.top = Math.min(this.top, y0);
      this.right = Math.max(this.right, x1);
      this.bottom = Math.max(this.bottom, y1);
    }
  }

  function pipMarks(half) {
    const [x, y] = half.centre;
    const face = PICTURE.faces[String(half.value)];
    if (!face) { // sets beyond double nine: the number itself
      return [svg("text", { x, y, "font-size": PICTURE.font + 2, "text-anchor": "middle", "dominant-baseline": "central",
        fill: INK }, String(half.value))];
    }
    return face.map(([dx, dy]) => svg("circle", { cx: x + (dx * UNIT) / 4, cy: y + (dy * UNIT) / 4, r: PICTURE.pip, fill: INK }));
  }

  function tileMark(drawn, box, tagged = true) {
    const [x0, y0, x1, y1] = boundsOf(drawn);
    box.add(x0, y0, x1, y1);
    const [[ax, ay], [bx, by]] = [drawn.halves[0].centre, drawn.halves[1].centre];
    const [mx, my] = [(ax + bx) / 2, (ay + by) / 2];
    const divider = ax === bx
      ? svg("line", { x1: x0 + 4, y1: my, x2: x1 - 4, y2: my, stroke: INK, "stroke-width": 1.5 })
      : svg("line", { x1: mx, y1: y0 + 4, x2: mx, y2: y1 - 4, stroke: INK, "stroke-width": 1.5 });
    return svg("g", tagged ? { class: "tile", "data-tile": drawn.tile } : { class: "tile" },
      svg("rect", { x: x0 + 1, y: y0 + 1, width: x1 - x0 - 2, height: y1 - y0 - 2, rx: 5, fill: "#fbfaf5", stroke: INK,
        "stroke-width": 2 }),
      divider, pipMarks(drawn.halves[0]), pipMarks(drawn.halves[1]));
  }

  const SCALE = 1.25; // the layout's pixels to the picture's units: a little larger than the book prints it
  const markerAt = (exit) => step(exit.point, exit.way, MARKER + 4);

  function endMark(tile, port, value, counted, exit, box, target) {
    const [x, y] = markerAt(exit);
    box.add(x - MARKER, y - MARKER, x + MARKER, y + MARKER);
    const circle = counted ? svg("circle", { cx: x, cy: y, r: MARKER, fill: INK })
      : svg("circle", { cx: x, cy: y, r: MARKER, fill: "#ffffff", stroke: INK, "stroke-width": 2 });
    const classes = ["end", counted ? "counted" : "open", ...(target ? ["target"] : [])].join(" ");
    return svg("g", { class: classes, "data-tile": tile, "data-port": port, "data-value": value }, circle,
      svg("text", { x, y, "font-size": PICTURE.font, "text-anchor": "middle", "dominant-baseline": "central",
        fill: counted ? "#ffffff" : INK }, String(value)));
  }

  // --- a trains game's hub, as book/pictures.py draws it (its measures: ROW_PITCH, LANE_GAP, ROW_LENGTH, HUB_RADIUS,
  // STEM, LABEL, TOKEN, QUADRANTS): the engine in the middle on a round hub, each train on its own lane, the lanes
  // shared out among four quadrants in turn (train k is slot k, the public train slot `players`) and stacked
  // outwards; a rail from the hub bends onto the lane's first row, the owner's label above it and a seat's marker on
  // it; a train runs outwards along its row, doubles crosswise, and wraps onto a new row further out (a dashed
  // return between them) once a tile would pass the row's length

  const PUBLIC = "public";
  const ROW_PITCH = 2 * UNIT + 16;
  const LANE_GAP = 16;
  const ROW_LENGTH = 10 * UNIT;
  const HUB_RADIUS = 56;
  const STEM = HUB_RADIUS + 24;
  const LABEL = PICTURE.font - 2;
  const TOKEN = [22, 14];
  const RAIL = "#9a9a9a";
  const HUB_FILL = "#efe9da";
  const QUADRANTS = [[1, -1], [-1, 1], [1, 1], [-1, -1]];
  const textWidth = (words, size) => Math.floor(([...words].length * size * 6 + 9) / 10); // pictures.py's estimate

  const hubSeat = (port) => (/^train[0-9]+$/.test(port) ? Number(port.slice(5)) : null);
  const isHubPort = (port) => port === PUBLIC || hubSeat(port) !== null;

  /** The engine's hub ports, each with the tile placed on it and that tile's port (null while it is empty); null
      where the layout is no hub. */
  function hubLinks(layout) {
    if (!layout.tiles.length) return null;
    const engine = layout.tiles[0];
    const ports = new Map();
    for (const [on, port, tile, ownPort] of layout.connections) if (on === engine && isHubPort(port)) ports.set(port, [tile, ownPort]);
    for (const [tile, port] of layout.open_ports) if (tile === engine && isHubPort(port) && !ports.has(port)) ports.set(port, null);
    return ports.size ? ports : null;
  }

  let publicTrain = null; // whether the variant has a public train: asked of the engine once, by a game's first tile
  function hasPublicTrain() {
    if (publicTrain === null) {
      publicTrain = false;
      try {
        const probe = new Game({ players: tables[0] ?? variant.playerCounts[0], seed: 0 });
        for (let n = 0; n < 500 && !probe.layout().tiles.length && !probe.handOver; n++) probe.apply(probe.legalMoves()[0]);
        publicTrain = probe.layout().open_ports.some(([, port]) => port === PUBLIC);
      } catch (error) {
        if (!(error instanceof IllegalMove)) throw error;
      }
    }
    return publicTrain;
  }

  function layTrain(first, children, side, out, firstRow, start, drawn) {
    const tiles = [];
    const returns = [];
    let row = 0;
    let along = 0;
    let link = first;
    while (link && !drawn.has(link[0])) {
      const [tile, ownPort] = link;
      const [low, high] = pipsOf(tile);
      const length = low === high ? UNIT : 2 * UNIT;
      if (along && along + length > ROW_LENGTH) { // wrap onto the next row, further out
        const y = firstRow + out * row * ROW_PITCH;
        const [gap, below, end] = [y + (out * ROW_PITCH) / 2, y + out * ROW_PITCH, start + along];
        returns.push([[side * end, y], [side * (end + 8), y], [side * (end + 8), gap], [side * (start - 8), gap],
          [side * (start - 8), below], [side * start, below]]);
        row += 1;
        along = 0;
      }
      const y = firstRow + out * row * ROW_PITCH;
      drawn.set(tile, joinedDrawn(tile, ownPort, { point: [side * (start + along), y], way: [side, 0] }));
      tiles.push(tile);
      along += length;
      link = children.get(tile);
    }
    return { tiles, rows: row + 1, returns };
  }

  /** The hub's drawing: the engine in the middle, each of players' trains and the public train on its lane; null
      where the layout is no hub. */
  function placeHub(layout, players) {
    const links = hubLinks(layout);
    if (!links) return null;
    const markers = new Set(layout.markers ?? []);
    const seats = [...links.keys()].map(hubSeat).filter((seat) => seat !== null);
    const count = Math.max(players ?? 0, ...seats.map((s) => s + 1), ...[...markers].map((s) => s + 1));
    const slots = Array.from({ length: count }, (_, seat) => [`train${seat}`, seat]);
    if (links.has(PUBLIC) || hasPublicTrain()) slots.push([PUBLIC, null]);
    const labels = slots.map(([port, seat]) => (seat === null ? portName(PUBLIC) : seatName(seat)));
    const start = STEM + Math.max(TOKEN[0], ...labels.map((words) => textWidth(words, LABEL))) + 16;
    const engine = layout.tiles[0];
    const children = new Map(layout.connections.filter(([on]) => on !== engine).map(([on, , tile, ownPort]) => [on, [tile, ownPort]]));
    const [low, high] = pipsOf(engine);
    const lead = low === high ? doubleDrawn(engine, [0, 0], RIGHT, LEFT) // upright, whatever the engine
      : { tile: engine, centre: [0, 0], along: DOWN, crosswise: false,
        halves: [{ centre: [0, -UNIT / 2], value: low }, { centre: [0, UNIT / 2], value: high }] };
    const drawn = new Map([[engine, lead]]);
    const exits = {};
    const trains = [];
    const stacked = new Map();
    slots.forEach(([port, seat], slot) => {
      const [side, out] = QUADRANTS[slot % QUADRANTS.length];
      const y = stacked.get(`${side} ${out}`) ?? (out * ROW_PITCH) / 2;
      exits[port] = { point: [side * start, y], way: [side, 0] };
      const { tiles, rows, returns } = layTrain(links.get(port), children, side, out, y, start, drawn);
      stacked.set(`${side} ${out}`, y + out * (rows * ROW_PITCH + LANE_GAP));
      trains.push({ port, seat, tiles, rail: [[0, 0], [side * STEM, y], [side * start, y]], label: labels[slot],
        labelAt: [side * (start - 6), y - 20], anchor: side > 0 ? "end" : "start",
        tokenAt: [side * (start - 6 - TOKEN[0] / 2), y], returns });
    });
    drawn.set(engine, { ...lead, exits });
    return { drawn, trains, markers };
  }

  /** The hub's marks under the tiles (the hub, the rails, the labels, the returns) and over them (the markers). */
  function hubMarks(hub, engine, box) {
    box.add(-HUB_RADIUS, -HUB_RADIUS, HUB_RADIUS, HUB_RADIUS);
    const rails = [];
    const over = [];
    const line = (points) => points.map(([x, y]) => `${x},${y}`).join(" ");
    for (const train of hub.trains) {
      const attributes = { class: train.seat === null ? "train public" : "train", "data-port": train.port,
        "data-tiles": train.tiles.join(" ") };
      if (train.seat !== null) attributes["data-seat"] = train.seat;
      for (const [x, y] of [...train.rail, ...train.returns.flat()]) box.add(x, y, x, y);
      const [x, y] = train.labelAt;
      const width = textWidth(train.label, LABEL);
      box.add(train.anchor === "end" ? x - width : x, y - LABEL, train.anchor === "end" ? x : x + width, y + LABEL);
      rails.push(svg("g", attributes,
        svg("polyline", { points: line(train.rail), fill: "none", stroke: RAIL, "stroke-width": 3 }),
        train.returns.map((back) => svg("polyline", { class: "return", points: line(back), fill: "none", stroke: RAIL,
          "stroke-width": 2, "stroke-dasharray": "6 4" })),
        svg("text", { x, y, "font-size": LABEL, "text-anchor": train.anchor, "dominant-baseline": "central", fill: INK },
          train.label)));
      if (train.seat !== null && hub.markers.has(train.seat)) {
        const [tx, ty] = train.tokenAt;
        const [w, h] = TOKEN;
        box.add(tx - w / 2, ty - h / 2, tx + w / 2, ty + h / 2);
        over.push(svg("g", { class: "marker", "data-seat": train.seat, "data-port": train.port },
          svg("rect", { x: tx - w / 2, y: ty - h / 2, width: w, height: h, rx: 4, fill: PICTURE.orange, stroke: INK,
            "stroke-width": 1.5 })));
      }
    }
    const disc = svg("circle", { class: "hub", "data-tile": engine, cx: 0, cy: 0, r: HUB_RADIUS, fill: HUB_FILL, stroke: INK,
      "stroke-width": 1.5 });
    return { under: [...rails, disc], over };
  }

  /** The layout as an SVG element, its viewBox, and where each end's marker stands (by "tile port"; the lead's
      place on an empty table by "lead"); targets are the moves whose ends are marked as a chosen tile's; players, a
      trains game's seats (each has a train on the hub). */
  function drawLayout(layout, targets = [], players = null) {
    const box = new Box();
    const hub = placeHub(layout, players);
    const { under, over } = hub ? hubMarks(hub, layout.tiles[0], box) : { under: [], over: [] };
    const drawn = hub ? hub.drawn : placeTiles(layout);
    const tiles = layout.tiles.filter((tile) => drawn.has(tile)).map((tile) => tileMark(drawn.get(tile), box));
    const frames = layout.spinners.filter((tile) => drawn.has(tile)).map((tile) => {
      const [x0, y0, x1, y1] = boundsOf(drawn.get(tile));
      box.add(x0 - 3, y0 - 3, x1 + 3, y1 + 3);
      return svg("rect", { class: "spinner", "data-tile": tile, x: x0 - 3, y: y0 - 3, width: x1 - x0 + 6, height: y1 - y0 + 6,
        rx: 6, fill: "none", stroke: PICTURE.orange, "stroke-width": 3 });
    });
    const counted = new Set(layout.counted_ends.map(([tile, port]) => `${tile} ${port}`));
    const ends = new Map(layout.open_ports.map(([tile, port, value]) => [`${tile} ${port}`, [tile, port, value]]));
    for (const [tile, port, value] of layout.counted_ends) ends.set(`${tile} ${port}`, [tile, port, value]);
    const wanted = new Set(targets.filter((m) => m.on).map((m) => `${m.on} ${m.port}`));
    const spots = new Map();
    const markers = [];
    for (const [key, [tile, port, value]] of ends) {
      const exit = drawn.get(tile)?.exits[port];
      if (!exit) continue;
      markers.push(endMark(tile, port, value, counted.has(key), exit, box, wanted.has(key)));
      spots.set(key, [...markerAt(exit), value]);
    }
    for (const key of wanted) { // a legal end no open port lists still has its place
      const [tile, port] = key.split(" ");
      const exit = drawn.get(tile)?.exits[port];
      if (exit && !spots.has(key)) {
        const [x, y] = markerAt(exit);
        box.add(x - MARKER, y - MARKER, x + MARKER, y + MARKER);
        spots.set(key, [x, y]);
      }
    }
    if (box.empty) { // an empty table: room for the lead
      box.add(-UNIT, -UNIT / 2, UNIT, UNIT / 2);
      spots.set("lead", [0, 0]);
    }
    const margin = PICTURE.margin;
    const view = [box.left - margin, box.top - margin, box.right - box.left + 2 * margin, box.bottom - box.top + 2 * margin];
    const [x, y, width, height] = view;
    const root = svg("svg", { xmlns: SVG_NS, viewBox: view.join(" "), width, height, "font-family": "sans-serif",
      role: "img", "aria-label": `${label("layout")}: ${layout.tiles.join(", ")}` },
    under, tiles, frames, markers, over);
    return { root, view, spots, hub: Boolean(hub) };
  }

  /** A tile upright, as the hand shows it. */
  function tileFace(tile) {
    const [low, high] = pipsOf(tile);
    const drawn = { tile, centre: [0, 0], along: DOWN, crosswise: false,
      halves: [{ centre: [0, -UNIT / 2], value: low }, { centre: [0, UNIT / 2], value: high }] };
    const box = new Box();
    const mark = tileMark(drawn, box, false);
    return svg("svg", { viewBox: `${-UNIT / 2} ${-UNIT} ${UNIT} ${2 * UNIT}`, class: "face", "aria-hidden": "true" }, mark);
  }

  // --- the page's parts

  const main = document.getElementById("table");
  const statusLine = document.getElementById("status");
  const part = (id, tag = "div", attributes = {}) => html(tag, { id, ...attributes });

  const setup = part("setup", "section", { "aria-labelledby": "setup-title" });
  const play = part("play", "section");
  const side = part("side", "aside");
  const viewerPart = part("viewer", "section", { hidden: true, "aria-labelledby": "viewer-title" });
  main.append(setup, play, side, viewerPart);

  const alertLine = html("p", { id: "message", role: "alert" });
  const scoresPart = part("scores", "section", { "aria-labelledby": "scores-title" });
  const seatsPart = part("seats", "ul");
  const layoutPart = part("layout", "figure");
  const handPart = part("hand", "section", { "aria-labelledby": "hand-title" });
  const actionsPart = part("actions");
  play.append(alertLine, scoresPart, seatsPart, layoutPart, handPart, actionsPart);

  const summaryPart = part("summary", "section", { hidden: true, "aria-labelledby": "summary-title" });
  const logList = part("log", "ol");
  const recordsPart = part("records", "section");
  side.append(summaryPart,
    html("section", { id: "log-part", "aria-labelledby": "log-title" }, html("h2", { id: "log-title" }, label("log")), logList),
    recordsPart);

  // --- the table's controls: players, partnerships, who sits where, the bots' pace

  const playersSelect = html("select", { id: "players", "data-control": "players" },
    variant.playerCounts.map((n) => html("option", { value: n }, String(n))));
  const partnershipsBox = html("input", { type: "checkbox", id: "partnerships", "data-control": "partnerships" });
  const seatsFieldset = html("fieldset", { id: "seat-kinds" });
  const speedSelect = html("select", { id: "speed", "data-control": "speed" },
    Object.keys(SPEEDS).map((name) => html("option", { value: name, selected: name === "normal" }, label(name))));
  const newGameButton = html("button", { type: "button", "data-action": "new-game" }, label("new game"));
  const seatKinds = []; // the kind chosen for each seat: "person" or a bot's name; kept while the count changes
  setup.append(html("h2", { id: "setup-title" }, label("setup")),
    html("div", { class: "controls" },
      html("label", { for: "players" }, label("players")), playersSelect,
      html("span", { class: "check" }, partnershipsBox, html("label", { for: "partnerships" }, label("partnerships"))),
      html("label", { for: "speed" }, label("speed")), speedSelect, newGameButton),
    seatsFieldset);

  const allowed = new Map(); // "players partnerships" -> whether the engine plays that table
  function tableAllowed(players, partnerships) {
    const key = `${players} ${partnerships}`;
    if (!allowed.has(key)) {
      try {
        new Game({ players, partnerships, seed: 0, deal: false });
        allowed.set(key, true);
      } catch (error) {
        if (!(error instanceof IllegalMove)) throw error;
        allowed.set(key, false);
      }
    }
    return allowed.get(key);
  }

  const tables = variant.playerCounts.filter((n) => tableAllowed(n, false) || tableAllowed(n, true));

  function showTableChoices() {
    const players = Number(playersSelect.value);
    const choices = [false, true].filter((together) => tableAllowed(players, together));
    partnershipsBox.disabled = choices.length < 2;
    if (choices.length === 1) partnershipsBox.checked = choices[0];
    seatsFieldset.replaceChildren(html("legend", {}, label("seats")));
    for (let seat = 0; seat < players; seat++) {
      seatKinds[seat] ??= seat === 0 ? "person" : "greedy";
      const choose = html("select", { id: `seat-${seat}`, "data-seat-kind": seat },
        ["person", ...BOTS].map((kind) => html("option", { value: kind, selected: kind === seatKinds[seat] }, label(kind))));
      choose.addEventListener("change", () => { seatKinds[seat] = choose.value; });
      seatsFieldset.append(html("span", { class: "seat-kind" }, html("label", { for: `seat-${seat}` }, seatName(seat)), choose));
    }
  }

  for (const option of playersSelect.options) option.disabled = !tables.includes(Number(option.value));
  playersSelect.value = String(tables[0] ?? variant.playerCounts[0]);
  playersSelect.addEventListener("change", showTableChoices);
  speedSelect.addEventListener("change", () => { pace = SPEEDS[speedSelect.value]; schedule(); });
  newGameButton.addEventListener("click", () => newGame());
  showTableChoices();

  // --- the game

  let game = null;
  let match = null; // where the variant has match rules: the match the game is one of
  let seats = []; // per seat: "person" or a bot's name, as the game was started
  let viewSeat = 0; // whose hand the page shows
  let selected = null; // the tile the person chose, waiting for its end
  let timer = null;
  let pace = SPEEDS.normal;
  let message = "";
  let viewer = null; // the record open in the viewer

  function hashSeed() { // table.html#seed=N plays the deals and bots of seed N
    const found = /(?:^#|&)seed=([0-9]{1,20})(?:&|$)/.exec(window.location.hash);
    return found ? BigInt(found[1]) : undefined;
  }

  function newGame() {
    const players = Number(playersSelect.value);
    seats = Array.from({ length: players }, (_, seat) => seatKinds[seat]);
    try {
      const table = { players, partnerships: partnershipsBox.checked, seed: hashSeed() };
      match = DATA.match ? new Match(table) : null;
      game = match ? match.game : new Game(table);
      message = "";
    } catch (error) {
      if (!(error instanceof IllegalMove)) throw error;
      message = error.message;
    }
    viewSeat = Math.max(0, seats.indexOf("person"));
    selected = null;
    changed();
  }

  /** The moves the person may make now, whoever's turn it is (a call of muggins is made out of turn). */
  function personMoves() {
    if (!game || game.over || game.handOver || viewer) return [];
    return game.legalMoves().filter((move) => seats[move.seat] === "person" && (move.seat === game.current || move.muggins));
  }

  /** How many moves undo takes back: the person's last move of the hand under way and every move after it (none
      once a match's game is over: it is scored). */
  function undoCount() {
    if (!game || viewer || (match && game.over)) return 0;
    const hands = game.record().hands;
    const moves = hands.length ? hands[hands.length - 1].moves : [];
    for (let i = moves.length - 1; i >= 0; i--) if (seats[moves[i].seat] === "person") return moves.length - i;
    return 0;
  }

  function apply(move) {
    const claim = claimInput && variant.announced && move.play ? Number(claimInput.value || 0) : undefined;
    try {
      game.apply(move, claim);
      message = "";
    } catch (error) {
      if (!(error instanceof IllegalMove)) throw error;
      message = error.message;
    }
    selected = null;
    changed();
  }

  function undo() {
    for (let n = undoCount(); n > 0; n--) game.undo();
    selected = null;
    message = "";
    changed();
  }

  function changed() {
    if (match && game.over && match.results.length < match.games.length) match.finishGame(); // the engine scores it
    if (game && !game.over && !game.handOver && seats[game.current] === "person") viewSeat = game.current;
    render();
    schedule();
  }

  /** The bots' turns and the next deal, each after the pace's pause. */
  function schedule() {
    clearTimeout(timer);
    timer = null;
    if (!game || game.over || viewer) return;
    if (game.handOver) {
      timer = setTimeout(() => { game.startHand(); changed(); }, pace);
    } else if (seats[game.current] !== "person") {
      timer = setTimeout(() => {
        game.apply(game.botMove(seats[game.current])); // where scores are announced it claims its true points
        changed();
      }, pace);
    }
  }

  // --- drawing the game

  let claimInput = null;

  function focusKey(element) { // what an element of the page stands for, to focus its like after drawing again
    if (!element || !element.getAttribute) return null;
    for (const name of ["data-tile", "data-move", "data-action", "data-step"]) {
      if (element.hasAttribute(name) && element.tagName === "BUTTON") return `button[${name}="${CSS.escape(element.getAttribute(name))}"]`;
    }
    if (element.hasAttribute("data-on")) return "button[data-on]";
    return null;
  }

  function render() {
    const focused = focusKey(document.activeElement);
    main.setAttribute("aria-busy", "false");
    play.hidden = side.hidden = setup.hidden = Boolean(viewer);
    main.classList.toggle("viewing", Boolean(viewer));
    viewerPart.hidden = !viewer;
    if (viewer) {
      renderViewer();
    } else if (game) {
      renderGame();
    }
    if (focused) {
      const again = document.querySelector(focused);
      if (again && !again.disabled && document.activeElement !== again) again.focus();
    }
  }

  function nextGame() {
    game = match.nextGame();
    selected = null;
    message = "";
    changed();
  }

  function renderGame() {
    const moves = personMoves();
    const acting = moves.length ? moves[0].seat : null;
    const mine = moves.filter((move) => move.seat === viewSeat);
    const plays = mine.filter((move) => move.play);
    if (selected && !plays.some((move) => move.play === selected)) selected = null;

    let status;
    const result = match && game.over ? match.results[match.results.length - 1] : null;
    if (match && match.over) status = label("match over", { sides: sidesText(game, match.winners) });
    else if (result) status = label("game won", { game: result.game, sides: sidesText(game, result.winners), points: result.points });
    else if (game.over) status = label("game over", { sides: sidesText(game, game.winners) });
    else if (game.handOver) status = label("hand summary", { hand: game.handNumber });
    else if (selected) status = label("choose end", { tile: selected });
    else if (acting === game.current && acting === viewSeat) status = label("your turn");
    else status = label("turn", { seat: game.current });
    statusLine.textContent = status;
    alertLine.textContent = message;

    renderScores(scoresPart, game, match);
    seatsPart.replaceChildren(...Array.from({ length: game.players }, (_, seat) => html("li", {
      "data-seat": seat, class: seat === game.current && !game.handOver ? "current" : false,
    }, html("strong", {}, seats[seat] === "person" ? label("you", { seat }) : seatName(seat)),
    seats[seat] === "person" ? [] : ` · ${label(seats[seat])}`, ` · ${label("tiles", { count: game.handSizes[seat] })}`)));
    if (DATA.drawPile) seatsPart.append(html("li", { class: "pile" }, label("pile", { count: game.pileSize })));

    const targets = selected ? plays.filter((move) => move.play === selected) : [];
    renderLayout(game.layout(), targets, layoutPart, game.players);

    const hand = game.hand(viewSeat);
    handPart.replaceChildren(
      html("h2", { id: "hand-title" }, seats[viewSeat] === "person" && seats.filter((k) => k === "person").length === 1
        ? label("your hand") : label("hand of", { seat: viewSeat })),
      html("div", { class: "tiles" }, hand.map((tile) => {
        const button = html("button", { type: "button", "data-tile": tile, "aria-label": tile, title: tile,
          "aria-pressed": tile === selected ? "true" : "false", disabled: !plays.some((move) => move.play === tile) },
        tileFace(tile));
        button.addEventListener("click", () => choose(tile));
        return button;
      })));

    const kinds = DATA.drawPile ? ["pass", "draw"] : ["pass"];
    const buttons = kinds.map((kind) => {
      const move = mine.find((m) => m[kind]);
      const button = html("button", { type: "button", "data-move": kind, disabled: !move }, label(kind));
      if (move) button.addEventListener("click", () => apply(move));
      return button;
    });
    for (const move of moves.filter((m) => m.muggins)) {
      const button = html("button", { type: "button", "data-move": "muggins", "data-seat": move.seat }, label("muggins"));
      button.addEventListener("click", () => apply(move));
      buttons.push(button);
    }
    const undoButton = html("button", { type: "button", "data-action": "undo", disabled: !undoCount() }, label("undo"));
    undoButton.addEventListener("click", undo);
    const parts = [...buttons, undoButton];
    if (match && game.over && !match.over) {
      const next = html("button", { type: "button", "data-action": "next-game" }, label("next game"));
      next.addEventListener("click", nextGame);
      parts.push(next);
    }
    if (variant.announced) {
      const value = claimInput ? claimInput.value : "0";
      claimInput = html("input", { type: "number", id: "claim", min: 0, step: 1, value, "data-control": "claim" });
      parts.unshift(html("label", { for: "claim" }, label("claim")), claimInput);
    }
    actionsPart.replaceChildren(...parts);

    renderSummary(game, game.view(viewSeat).events);
    renderLog(logList, game, game.view(viewSeat).events);
  }

  function choose(tile) {
    selected = selected === tile ? null : tile;
    render();
    const first = layoutPart.querySelector("button[data-on]");
    if (selected && first) first.focus();
  }

  function renderScores(where, shown, inMatch = null) {
    const matchPoints = inMatch ? inMatch.matchPoints : null;
    where.replaceChildren(html("h2", { id: where === scoresPart ? "scores-title" : "viewer-scores-title" }, label("scores")),
      DATA.targetless ? [] : html("p", { class: "target" }, label("target", { target: shown.target })),
      html("ul", {}, shown.scores.map((score, side) => html("li", {
        "data-side": side, "data-score": score, "data-match-points": matchPoints ? matchPoints[side] : false,
        class: shown.winners.includes(side) ? "winner" : false,
      }, html("span", { class: "name" }, sideName(shown, side)),
      shown.partnerships ? html("span", { class: "members" }, listed(sideSeats(shown, side).map(seatName))) : [],
      html("span", { class: "score" }, String(score)),
      matchPoints ? html("span", { class: "match-points", title: label("match points") },
        `${label("match points")}: ${matchPoints[side]}`) : []))),
      inMatch ? board(shown) : []);
  }

  /** The book's cribbage board for the game's sides, each side's pegs moved to the holes of its scores (back: where
      its last score started; front: its score). */
  function board(shown) {
    const picture = DATA.match.boards[String(shown.sides)];
    if (!picture) return [];
    const figure = html("figure", { class: "board" });
    figure.innerHTML = picture; // the book's own SVG, drawn (and escaped) by book/pictures.py
    shown.pegs.forEach(([back, front], side) => {
      const track = figure.querySelector(`g.track[data-side="${side}"]`);
      if (!track) return;
      const title = track.querySelector("text");
      if (title) title.textContent = `${sideName(shown, side)}: ${front}`;
      for (const [kind, score] of [["back", back], ["front", front]]) {
        const peg = track.querySelector(`circle.peg.${kind}`);
        const hole = Math.max(0, Math.min(score, shown.target));
        const at = hole >= shown.target ? track.querySelector("circle.game-hole")
          : track.querySelector(`circle.hole[data-hole="${hole}"]`);
        if (!peg) continue;
        peg.setAttribute("data-hole", String(hole));
        if (at) { // hole 0, the start, is where the book drew the pegs
          peg.setAttribute("cx", at.getAttribute("cx"));
          peg.setAttribute("cy", at.getAttribute("cy"));
        }
        const tip = peg.querySelector("title");
        if (tip) tip.textContent = tip.textContent.replace(/[-0-9]+$/, String(score));
      }
    });
    return figure;
  }

  function renderLayout(layout, targets, where = layoutPart, players = null) {
    const { root, view, spots, hub } = drawLayout(layout, targets, players);
    const [x, y, width, height] = view;
    root.style.width = `${Math.round(width * SCALE)}px`;
    const overlay = html("div", { class: "ends" });
    const at = new Map(); // how many buttons stand at one place already (a wild tile joins by either half)
    for (const move of targets) {
      const key = move.on ? `${move.on} ${move.port}` : "lead";
      const spot = spots.get(key);
      const words = move.on ? label("on end", { tile: move.play, on: move.on, port: portName(move.port) })
        : label("lead", { tile: move.play });
      const full = move.by ? `${words} (${portName(move.by)})` : words;
      const button = html("button", { type: "button", "data-on": move.on ?? "", "data-port": move.port ?? "",
        "data-by": move.by ?? false, "aria-label": full, title: full },
      move.on ? String(spot && spot.length > 2 ? spot[2] : "+") : move.play);
      button.addEventListener("click", () => apply(move));
      if (spot) {
        const count = at.get(key) ?? 0;
        at.set(key, count + 1);
        button.style.left = `${((spot[0] + count * (2 * MARKER + 6) - x) / width) * 100}%`;
        button.style.top = `${((spot[1] - y) / height) * 100}%`;
      } else {
        button.classList.add("elsewhere");
      }
      overlay.append(button);
    }
    const frame = html("div", { class: "frame" }, root, overlay);
    const legend = DATA.legend ? html("figcaption", { class: "legend" }, // a hub's ends count nothing
      hub ? [] : html("span", { class: "counted" }, DATA.legend.counted), html("span", { class: "open" }, DATA.legend.continuation),
      layout.spinners.length ? html("span", { class: "spinner" }, DATA.legend.spinner) : []) : [];
    where.replaceChildren(frame, legend);
  }

  function renderSummary(shown, events) {
    let end = -1;
    for (let i = events.length - 1; i >= 0; i--) {
      if (events[i].event === "hand_end") {
        end = i;
        break;
      }
    }
    summaryPart.hidden = end < 0;
    if (end < 0) return;
    const e = events[end];
    const after = [];
    for (let i = end + 1; i < events.length && events[i].event !== "hand"; i++) after.push(events[i]);
    let scores = null;
    for (const later of [...after].reverse()) {
      if (Array.isArray(later.scores)) {
        scores = later.scores;
        break;
      }
    }
    if (!scores) {
      for (let i = end - 1; i >= 0 && !scores; i--) if (Array.isArray(events[i].scores)) scores = events[i].scores;
    }
    scores ??= shown.startingScores;
    const awards = e.awards ?? [];
    summaryPart.replaceChildren(
      html("h2", { id: "summary-title" }, label("hand summary", { hand: e.hand })),
      html("p", {}, say(e.blocked ? "blocked" : "played out", { hand: e.hand }), " ",
        e.winners.length ? say("winners", { sides: sidesText(shown, e.winners) }) : say("no winners")),
      html("table", {},
        html("thead", {}, html("tr", {}, html("th", {}, ""), html("th", {}, label("pips left")))),
        html("tbody", {}, e.remaining_pips.map((pips, seat) => html("tr", { "data-seat": seat },
          html("th", {}, seatName(seat)), html("td", {}, String(pips)))))),
      html("table", {},
        html("thead", {}, html("tr", {}, html("th", {}, ""), html("th", {}, label("award")), html("th", {}, label("scores")))),
        html("tbody", {}, scores.map((score, sideNumber) => html("tr", { "data-side": sideNumber },
          html("th", {}, sideName(shown, sideNumber)), html("td", {}, String(awards[sideNumber] ?? 0)),
          html("td", {}, String(score)))))),
      after.length ? html("ul", {}, after.map((later) => html("li", {}, eventText(shown, later)))) : []);
  }

  function renderLog(where, shown, events, header = []) {
    const lines = [...header, ...events.map((e) => html("li", { class: e.event === "hand" ? "hand" : false, "data-event": e.event },
      eventText(shown, e)))];
    where.replaceChildren(...lines);
    where.scrollTop = where.scrollHeight;
  }

  // --- the record: downloaded, and opened in the viewer

  const downloadButton = html("button", { type: "button", "data-action": "download" }, label("download"));
  downloadButton.addEventListener("click", () => {
    if (!game) return;
    const blob = new Blob([JSON.stringify((match ?? game).record(), null, 1) + "\n"], { type: "application/json" });
    const url = URL.createObjectURL(blob);
    const link = html("a", { href: url, download: `${DATA.file}.record.json` });
    document.body.append(link);
    link.click();
    link.remove();
    setTimeout(() => URL.revokeObjectURL(url), 60000);
  });
  const openInput = html("input", { type: "file", id: "open-record", accept: ".json,application/json", "data-action": "open" });
  openInput.addEventListener("change", async () => {
    const file = openInput.files && openInput.files[0];
    if (!file) return;
    const text = await file.text();
    openInput.value = "";
    openRecord(text);
  });
  recordsPart.append(html("h2", {}, label("record")), downloadButton, html("label", { class: "file" }, label("open"), openInput));

  function openRecord(text) {
    let games;
    try {
      const record = JSON.parse(text);
      games = record && Array.isArray(record.games)
        ? record.games.map((one) => ({ players: record.players, partnerships: record.partnerships, hands: one && one.hands }))
        : [record];
      if (record && Array.isArray(record.games) && variant.match) {
        Match.fromRecord(record, { seed: 0 }); // the engine's word on the whole match
      } else {
        for (const one of games) Game.fromRecord(one, { seed: 0 }); // the engine's word on the whole record
      }
    } catch (error) {
      message = label("not a record", { name: variant.name, message: error.message });
      render();
      return;
    }
    const positions = [];
    games.forEach((one, g) => one.hands.forEach((hand, h) => {
      const moves = (hand.moves ?? []).length;
      for (let move = 0; move <= moves; move++) positions.push({ game: g, hand: h, move, moves });
    }));
    if (!positions.length) positions.push({ game: 0, hand: -1, move: 0, moves: 0 });
    clearTimeout(timer);
    message = "";
    viewer = { games, positions, at: 0, game: null };
    stepTo(0);
    viewerPart.querySelector("button[data-step=\"forward\"]")?.focus();
  }

  function gameAt(position) {
    const one = viewer.games[position.game];
    const hands = one.hands.slice(0, Math.max(0, position.hand));
    if (position.hand >= 0) {
      const hand = one.hands[position.hand];
      hands.push({ ...hand, moves: (hand.moves ?? []).slice(0, position.move) });
    }
    return Game.fromRecord({ ...one, hands }, { seed: 0 });
  }

  // A step forward moves the game shown by one move, or deals the next hand, as the record's replay does; any other
  // step replays the record up to its position (a game replayed at every step would make a long record's last
  // steps slow).
  function stepTo(at) {
    const to = Math.max(0, Math.min(viewer.positions.length - 1, at));
    const from = viewer.positions[viewer.at], position = viewer.positions[to];
    const hands = viewer.games[position.game].hands;
    if (viewer.game && to === viewer.at + 1 && position.game === from.game && position.hand === from.hand) {
      viewer.game.apply(hands[position.hand].moves[from.move]);
    } else if (viewer.game && to === viewer.at + 1 && position.game === from.game && position.hand === from.hand + 1) {
      const hand = hands[position.hand];
      viewer.game.startHand({ opener: hand.opener, hands: hand.deal, pile: hand.boneyard });
    } else {
      viewer.game = gameAt(position);
    }
    viewer.at = to;
    render();
  }

  const STEPS = { start: () => 0, back: () => viewer.at - 1, forward: () => viewer.at + 1, end: () => viewer.positions.length - 1 };

  function renderViewer() {
    const position = viewer.positions[viewer.at];
    const shown = viewer.game;
    statusLine.textContent = label("position", { game: position.game + 1, hand: position.hand + 1, move: position.move,
      moves: position.moves });
    const steps = Object.keys(STEPS).map((name) => {
      const to = STEPS[name]();
      const button = html("button", { type: "button", "data-step": name,
        disabled: to === viewer.at || to < 0 || to >= viewer.positions.length }, label(name));
      button.addEventListener("click", () => stepTo(STEPS[name]()));
      return button;
    });
    const close = html("button", { type: "button", "data-action": "close-record" }, label("close"));
    close.addEventListener("click", () => {
      viewer = null;
      changed();
    });
    const scores = html("section", { id: "viewer-scores", "aria-labelledby": "viewer-scores-title" });
    renderScores(scores, shown);
    const figure = html("figure", { id: "viewer-layout" });
    renderLayout(shown.layout(), [], figure, shown.players);
    const hands = html("ul", { id: "viewer-hands" }, shown.hands.map((hand, seat) => html("li", { "data-seat": seat },
      html("strong", {}, seatName(seat)), html("span", { class: "tiles" },
        hand.map((tile) => html("span", { class: "tile", title: tile, "data-tile": tile, role: "img", "aria-label": tile }, tileFace(tile)))))));
    const log = html("ol", { id: "viewer-log" });
    const header = viewer.games.length > 1 ? [html("li", { class: "hand" }, say("game", { game: position.game + 1 }))] : [];
    viewerPart.replaceChildren(html("h2", { id: "viewer-title" }, label("record")),
      html("div", { class: "steps" }, steps, close), scores, figure, hands, log);
    renderLog(log, shown, shown.events, header);
  }

  // --- the keyboard: Escape lets go of a chosen tile; the arrows move along the hand, the ends and the record

  document.addEventListener("keydown", (event) => {
    if (event.altKey || event.ctrlKey || event.metaKey) return;
    const target = event.target;
    if (target instanceof HTMLInputElement || target instanceof HTMLSelectElement) return;
    if (viewer) {
      const name = { ArrowLeft: "back", ArrowRight: "forward", Home: "start", End: "end" }[event.key];
      if (name) {
        event.preventDefault();
        stepTo(STEPS[name]());
        viewerPart.querySelector(`button[data-step="${name}"]`)?.focus();
      }
      return;
    }
    if (event.key === "Escape" && selected) {
      const tile = selected;
      selected = null;
      render();
      handPart.querySelector(`button[data-tile="${CSS.escape(tile)}"]`)?.focus();
      return;
    }
    if ((event.key === "ArrowLeft" || event.key === "ArrowRight") && target instanceof HTMLButtonElement) {
      const group = target.closest("#hand, #layout");
      if (!group) return;
      const buttons = [...group.querySelectorAll("button")].filter((button) => !button.disabled);
      const at = buttons.indexOf(target);
      const next = buttons[(at + (event.key === "ArrowRight" ? 1 : buttons.length - 1)) % buttons.length];
      if (next) {
        event.preventDefault();
        next.focus();
      }
    }
  });

  // --- what a test, a script or a screen reader's user may ask of the page

  window.dominospec = Object.freeze({
    /** The game (or the match) so far, in the replay record format. */
    record: () => (match ?? game)?.record() ?? null,
    /** The game's scores, whether it (or the match) is over, and its winners (sides), as `dominospec replay --json`
        has them: in a match, the scores of its last game, the match's winners and its match points. */
    state: () => {
      if (!game) return null;
      if (!match) return { scores: game.scores, over: game.over, winners: game.winners };
      return { scores: game.scores, over: match.over, winners: match.winners, match_points: match.matchPoints };
    },
    /** The position the record viewer shows, with its scores; null while no record is open. */
    viewer: () => (viewer ? { at: viewer.at, positions: viewer.positions.length, scores: viewer.game.scores,
      over: viewer.game.over, winners: viewer.game.winners } : null),
  });

  newGame();
})();

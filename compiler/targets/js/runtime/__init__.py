"""The JavaScript engine's fixed code, which the JavaScript target copies into every engine between
`//###{standalone NAME` and `//###}` markers: the game's driver (engine.js) and its types (engine.d.ts). Read as
text, never run alone."""

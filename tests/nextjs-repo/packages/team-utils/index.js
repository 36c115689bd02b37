// A dependency of the team's own, in CommonJS, as many packages on npm still are.
exports.shout = (text) => `${String(text).toUpperCase()}!`;

export const POSTS = ["first", "second"];

/** `wink-porter2-stemmer` ships no types: one function, a lower-case word to its Porter2 stem. */
declare module "wink-porter2-stemmer" {
  export default function stem(word: string): string;
}

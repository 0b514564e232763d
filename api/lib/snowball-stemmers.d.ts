// snowball-stemmers ships no types.
declare module "snowball-stemmers" {
  export interface Stemmer {
    stem(word: string): string;
  }
  export function newStemmer(algorithm: string): Stemmer;
  export function algorithms(): string[];
}

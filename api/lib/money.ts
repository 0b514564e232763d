/** An amount of money rounded to cents (debits, fines and slips are stored and summed in reais). */
export const round2 = (n: number): number => Math.round(n * 100) / 100;

/** The `minhash` package (duhaime/minhash): MinHash signatures and an in-memory LSH index. */
declare module "minhash" {
  export class Minhash {
    constructor(config?: { numPerm?: number; seed?: number });
    hashvalues: number[];
    update(value: string): void;
    jaccard(other: Minhash): number;
  }
  export class LshIndex {
    constructor(args?: { bandSize?: number });
    getHashbands(minhash: Minhash): string[];
  }
  const minhash: { Minhash: typeof Minhash; LshIndex: typeof LshIndex };
  export default minhash;
}

// The task tracker's contract (spec part 1 §1, §2): constants, texts, wire schemas and hub events.
export * from './constants';
export * from './schemas';
export * from './events';

// The internal chat's contract (spec part 2): constants, texts, wire schemas and hub events.
export * from './constants';
export * from './events';
export * from './schemas';
export * from './texts';

import { launch } from './launch';

/** The product's entry: no test doubles, whatever the environment says. */
await launch();

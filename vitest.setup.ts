import { configureZodPortuguese } from '@balcao/shared/zod';

// As in the server's and the web app's entry points: zod's messages in Portuguese.
configureZodPortuguese();

import { mediaCases } from './media.cases.js';

mediaCases();

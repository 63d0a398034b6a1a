import { articleSchedulingCases } from './article-scheduling.cases.js';

articleSchedulingCases();

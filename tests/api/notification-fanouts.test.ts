import { notificationFanoutsCases } from './notification-fanouts.cases.js';

notificationFanoutsCases();

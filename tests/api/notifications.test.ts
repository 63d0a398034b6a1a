import { notificationsCases } from './notifications.cases.js';

notificationsCases();

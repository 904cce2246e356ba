/** `mon sandbox` (the verb that serves): its options. */
import { refusesBadInput } from '../../helpers';

refusesBadInput([
  { what: 'a port above 65535', line: 'sandbox --port 70000', says: '--port must be a whole number from 0 to 65535' },
  { what: 'a fault list that is not one', line: 'sandbox --faults sometimes', says: '--faults is not a fault list' },
]);

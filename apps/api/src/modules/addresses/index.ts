/**
 * Public surface of the addresses module: customer addresses (`addresses`) and the change
 * requests staff review (`address_change_requests`). Other modules import only this file.
 *
 * - Wire shape of an address row: `toAddress`, `AddressRow` (service.ts); the delivery address of an
 *   order that goes to a pickup point: `pickupDeliveryAddress`.
 */
export { pickupDeliveryAddress, toAddress, type AddressRow } from './service.ts';

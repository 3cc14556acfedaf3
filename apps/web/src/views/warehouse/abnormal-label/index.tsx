/**
 * warehouse/abnormal-label: the label exceptions found at the warehouses (unknown and foreign EPCs
 * in cartons at the receiving check, an EPC at two sites at once), with the zone, carton and bill
 * they were found with; handled and cleared as label/exception's.
 */
import { TagExceptionPage } from '../../label/exception';

export default function AbnormalLabels() {
  return <TagExceptionPage code="warehouse/abnormal-label" />;
}

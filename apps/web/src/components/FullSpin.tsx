import { Spin } from 'antd';

export function FullSpin() {
  return (
    <div className="full-spin">
      <Spin size="large" />
    </div>
  );
}

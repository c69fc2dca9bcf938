echo e
